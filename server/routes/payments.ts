/**
 * Payments to Getters (spec 2 §7): the pending and paid transactions, one Getter's, and the
 * registration of a payment, single (`PUT /accounts/pay`) or mass (`PUT /accounts/massive-pay`).
 */
import type { z } from 'zod';
import { byGetterQuery, massivePayBody, payBody, TRANSACTION_STATUS, transactionsQuery } from '../../domain/payments';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { listTransactions, registerPayment } from '../services/payments';

const read = { roles: ACCESS.payments.read };
const write = { roles: ACCESS.payments.write };
const tags = ['payments'];

export default async function paymentRoutes(app: App) {
  app.get('/transactions/pending', { config: read, schema: { tags, querystring: transactionsQuery } }, async (req) =>
    listTransactions(app.db, TRANSACTION_STATUS.PENDING, req.query as z.output<typeof transactionsQuery>),
  );

  app.get('/transactions/payed', { config: read, schema: { tags, querystring: transactionsQuery } }, async (req) =>
    listTransactions(app.db, TRANSACTION_STATUS.PAID, req.query as z.output<typeof transactionsQuery>),
  );

  /** One Getter's transactions of one kind: the mass-payment table (every pending one, up to the cap). */
  app.get('/transactions/by-getter', { config: read, schema: { tags, querystring: byGetterQuery } }, async (req) => {
    const { getterId, transactionType, offset, limit } = req.query as z.output<typeof byGetterQuery>;
    return listTransactions(app.db, transactionType, { getterId, offset, limit });
  });

  app.put('/accounts/pay', { config: write, schema: { tags, body: payBody } }, async (req) => {
    const body = req.body as z.output<typeof payBody>;
    return registerPayment(app.db, req.session, {
      accountId: body.id,
      amount: body.amount,
      transactionIds: [body.penddingTransactionId],
      operationCode: body.operationCode,
      transactionDate: body.transactionDate,
      massive: false,
    });
  });

  app.put('/accounts/massive-pay', { config: write, schema: { tags, body: massivePayBody } }, async (req) => {
    const body = req.body as z.output<typeof massivePayBody>;
    return registerPayment(app.db, req.session, {
      accountId: body.id,
      amount: body.amount,
      transactionIds: body.penddingTransactionIds,
      operationCode: body.operationCode,
      transactionDate: body.transactionDate,
      massive: true,
    });
  });
}
