import { EmailWindow } from './emailWindow';

/**
 * Failed logins per account: the per-IP limit of the session routes does not stop many addresses
 * guessing one account's password. After MAX_FAILURES wrong passwords for one e-mail within WINDOW_MS,
 * that e-mail's logins are refused (429) until the window passes; a good login clears its count.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export class LoginFailures extends EmailWindow {
  constructor(max = MAX_FAILURES, windowMs = WINDOW_MS) {
    super(max, windowMs);
  }

  /** Whether this e-mail has failed too often lately to try again now. */
  blocked(email: string, now = Date.now()): boolean {
    return this.full(email, now);
  }

  failed(email: string, now = Date.now()): void {
    this.record(email, now);
  }

  succeeded(email: string): void {
    this.forget(email);
  }
}
