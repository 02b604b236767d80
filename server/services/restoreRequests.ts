import type { Db } from '../db/client';
import { EmailWindow } from './emailWindow';

/**
 * Restore mails asked for per e-mail: the per-IP limit does not stop many addresses filling one
 * account's mailbox (each mail also annuls the link before it). Every request counts, for an account or
 * not, so that the answer past the limit — a 429 — is the same whether the account exists.
 */
export const MAX_RESTORE_REQUESTS = 5;
export const RESTORE_WINDOW_MS = 60 * 60 * 1000;

export class RestoreRequests extends EmailWindow {
  constructor(db: Db, max = MAX_RESTORE_REQUESTS, windowMs = RESTORE_WINDOW_MS) {
    super(db, 'restore', max, windowMs);
  }
}
