import type { Endpoints } from './types';

/**
 * Spec 2 §7: payments to Getters. The list is the pending one; the history's filter `kind: 'payed'`
 * takes it to /transactions/payed. A payment is an action: single or mass.
 */
export const payments: Endpoints = {
  list: { get: '/transactions/pending', byFilter: { kind: '/transactions/:kind' } },
  actions: { pay: { put: '/accounts/pay' }, massivePay: { put: '/accounts/massive-pay' } },
};

/** The mass-payment screen's reads: one Getter's pending transactions (the Getters owed something come from the Getter picker). */
export const PAYMENT_READS = {
  byGetter: '/transactions/by-getter',
} as const;
