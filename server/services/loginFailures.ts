/**
 * Failed logins per account: the per-IP limit of the session routes does not stop many addresses
 * guessing one account's password. After MAX_FAILURES wrong passwords for one e-mail within WINDOW_MS,
 * that e-mail's logins are refused (429) until the window passes; a good login clears its count. Kept in
 * the process's memory, bounded (the oldest e-mails go first), like the per-IP limit.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED = 10_000;

export class LoginFailures {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
  ) {}

  private recent(email: string, now: number): number[] {
    const key = email.trim().toLowerCase();
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Whether this e-mail has failed too often lately to try again now. */
  blocked(email: string, now = Date.now()): boolean {
    return this.recent(email, now).length >= this.max;
  }

  failed(email: string, now = Date.now()): void {
    const key = email.trim().toLowerCase();
    const kept = [...this.recent(email, now), now].slice(-this.max);
    this.failures.delete(key);
    this.failures.set(key, kept);
    if (this.failures.size > MAX_TRACKED) this.failures.delete(this.failures.keys().next().value!);
  }

  succeeded(email: string): void {
    this.failures.delete(email.trim().toLowerCase());
  }
}
