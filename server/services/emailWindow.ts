/**
 * Recent events per e-mail address within a sliding window: what the per-IP limit of the auth routes
 * cannot count, because whoever aims at one account can rotate addresses. The e-mail is taken as the
 * accounts are looked up (trimmed, lower case). Kept in the process's memory, bounded (the e-mails least
 * recently seen go first), like the per-IP limit.
 */
const MAX_TRACKED = 10_000;

export class EmailWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.events.set(key, kept);
    else this.events.delete(key);
    return kept;
  }

  /** Whether this e-mail has reached its `max` events within the window. */
  full(email: string, now = Date.now()): boolean {
    return this.recent(keyOf(email), now).length >= this.max;
  }

  record(email: string, now = Date.now()): void {
    const key = keyOf(email);
    const kept = [...this.recent(key, now), now].slice(-this.max);
    this.events.delete(key);
    this.events.set(key, kept);
    if (this.events.size > MAX_TRACKED) this.events.delete(this.events.keys().next().value!);
  }

  forget(email: string): void {
    this.events.delete(keyOf(email));
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();
