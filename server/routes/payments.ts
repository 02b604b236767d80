/**
 * Payments to Getters (spec 2 §7): the pending and paid transactions, one Getter's, and the
 * registration of a payment, single (`PUT /accounts/pay`) or mass (`PUT /accounts/massive-pay`).
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { byGetterQuery, massivePayBody, payBody, paymentReceiptAnswer, TRANSACTION_STATUS, transactionListAnswer, transactionsQuery } from '../../domain/payments';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { listTransactions, type PaymentOrder, registerPayment } from '../services/payments';
import { onceInTransaction, requestKeyHeaders } from '../services/requestKeys';

const read = { roles: ACCESS.payments.read };
const write = { roles: ACCESS.payments.write };
const tags = ['payments'];

export default async function paymentRoutes(app: App) {
  app.get('/transactions/pending', { config: read, schema: { tags, summary: 'Lista paginada de transacciones pendientes de pago a Getters, con total adeudado', description: 'Las fechas `from`/`to` filtran por la fecha de aprobación de la move, en días completos de Argentina.', querystring: transactionsQuery, answer: transactionListAnswer } }, async (req) =>
    listTransactions(app.db, TRANSACTION_STATUS.PENDING, req.query as z.output<typeof transactionsQuery>),
  );

  app.get('/transactions/payed', { config: read, schema: { tags, summary: 'Lista paginada de transacciones pagadas a Getters, con monto total', description: 'Las fechas `from`/`to` filtran por la fecha de pago, en días completos de Argentina.', querystring: transactionsQuery, answer: transactionListAnswer } }, async (req) =>
    listTransactions(app.db, TRANSACTION_STATUS.PAID, req.query as z.output<typeof transactionsQuery>),
  );

  /** One Getter's transactions of one kind: the mass-payment table (every pending one, up to the cap). */
  app.get('/transactions/by-getter', { config: read, schema: { tags, summary: 'Transacciones pendientes o pagadas de un Getter, para el pago masivo', querystring: byGetterQuery, answer: transactionListAnswer } }, async (req) => {
    const { getterId, transactionType, offset, limit } = req.query as z.output<typeof byGetterQuery>;
    return listTransactions(app.db, transactionType, { getterId, offset, limit });
  });

  // A payment sent again with its `Idempotency-Key` (its answer was lost) answers the first one's receipt:
  // without it, the retry read its own payment as "already paid" and said no payment was registered.
  const pay = (req: FastifyRequest, order: PaymentOrder) => onceInTransaction(app.db, req, (tx) => registerPayment(tx, req.session, order));

  app.put('/accounts/pay', { config: write, schema: { tags, summary: 'Registra el pago de una transacción pendiente de la cuenta de un Getter', description: 'El monto debe ser el adeudado y la fecha no anterior a la transacción. Una transacción ya pagada responde 409, y un número de operación ya registrado en el pago de otra cuenta, 409 en `operationCode` (la misma cuenta puede repetirlo). Con `Idempotency-Key`, el reintento con los mismos datos devuelve el comprobante del primero sin pagar de nuevo.', body: payBody, headers: requestKeyHeaders, answer: paymentReceiptAnswer } }, async (req) => {
    const body = req.body as z.output<typeof payBody>;
    return pay(req, {
      accountId: body.id,
      amount: body.amount,
      transactionIds: [body.penddingTransactionId],
      operationCode: body.operationCode,
      transactionDate: body.transactionDate,
      massive: false,
      paidAnyway: body.paidAnyway,
    });
  });

  app.put('/accounts/massive-pay', { config: write, schema: { tags, summary: 'Registra en una operación el pago de varias transacciones pendientes de un Getter', description: 'Todas o ninguna: el monto debe ser la suma adeudada, y si alguna ya fue pagada responde 409 nombrándola. Si la move de alguna se desaprobó después (su transacción salió de las pendientes), responde 409 con `disapproved` (move, transacción, monto) y `others` (las demás y su monto); repetido con esas transacciones en `paidAnyway`, las registra pagadas igual (el banco ya transfirió), con el monto de todas. Una desaprobada cuya copia republicada ya se pagó trae `paidCopy`, y una cuya copia también va en este pago (su pendiente, o desaprobada y pagada igual), `copyInOrder`: ninguna se puede pagar igual (409 nombrando la visita y su copia; la visita se paga una vez, con la copia). Una pendiente de copia quitada porque su move original se registró pagada igual responde 409 en `settled` (la visita ya se pagó: move original, transacción y fecha), nunca 404. Un número de operación ya registrado en el pago de otra cuenta responde 409 en `operationCode`. Con `Idempotency-Key`, el reintento con los mismos datos devuelve el comprobante del primero sin pagar de nuevo.', body: massivePayBody, headers: requestKeyHeaders, answer: paymentReceiptAnswer } }, async (req) => {
    const body = req.body as z.output<typeof massivePayBody>;
    return pay(req, {
      accountId: body.id,
      amount: body.amount,
      transactionIds: body.penddingTransactionIds,
      operationCode: body.operationCode,
      transactionDate: body.transactionDate,
      massive: true,
      paidAnyway: body.paidAnyway,
    });
  });
}
