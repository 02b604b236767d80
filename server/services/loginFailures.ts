import type { Db, Tx } from '../db/client';
import { EmailWindow } from './emailWindow';

/**
 * Failed logins per account: the per-IP limit of the session routes does not stop many addresses
 * guessing one account's password. After MAX_FAILURES wrong passwords for one e-mail within WINDOW_MS,
 * that e-mail's logins are refused (429) until the window passes; a good login clears its count.
 * Each attempt counts as failed from the start (`attempt`) until it succeeds: counted only after the
 * password was checked, attempts sent together all passed the check before the first failure counted.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export class LoginFailures extends EmailWindow {
  constructor(db: Db, max = MAX_FAILURES, windowMs = WINDOW_MS) {
    super(db, 'login', max, windowMs);
  }

  /** One attempt for this e-mail, counted as failed until it succeeds: false when it has failed too often lately. */
  attempt(email: string): Promise<boolean> {
    return this.take(email);
  }

  /** A good login, or a restored password (in its transaction): the e-mail's count goes. */
  succeeded(email: string, db?: Db | Tx): Promise<void> {
    return this.forget(email, db);
  }
}
