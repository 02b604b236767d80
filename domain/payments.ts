/**
 * Payments to Getters (spec 2 §2, §4, §5, §7): the texts of the screens, the register-payment
 * dialog's rules (shared with the server's bodies), the lists' queries and the answer's shape.
 */
import { z } from 'zod';
import { idFullName, messageAnswer, moment, money, paged, recordId } from './answers';
import { getterPaymentProfile } from './people';
import { MOVE_FORM_TEXT } from './move-forms';
import type { MoveStatus } from './moves';
import { formatPesos, parseMoney, centsToMoney } from './money';
import { dateValue, formatDisplayDate, id, limitParam, MSG, offsetParam, orderParam, parseDisplayDate, PLATFORM_TIME_ZONE, textOr, todayIso, trimText } from './validation';
import { formatCount } from './numbers';

/** How many transactions already paid a refusal names (the rest are counted). */
const ALREADY_PAID_NAMED = 5;

export const PAYMENT_TEXT = {
  pendingTitle: 'Administracion de pagos a Getters',
  historyTitle: 'Historial de pagos Realizados',
  massiveTitle: 'Pago masivo a Getters',
  /** A Getter owed more transactions than one payment takes: the oldest are listed, and the screen says so. */
  moreThanShown: (shown: number, count: number) =>
    `Este Getter tiene ${formatCount(count)} transacciones pendientes: se muestran las ${formatCount(shown)} más antiguas, el máximo de un pago. Pague estas y vuelva a elegirlo para las demás.`,
  toPending: 'VER PAGOS PENDIENTES',
  toHistory: 'VER HISTORIAL DE PAGOS',
  toMassive: 'PAGO MASIVO',
  cancelMassive: 'CANCELAR PAGO MASIVO',
  register: 'Registrar pago',
  registered: 'Pago registrado',
  /**
   * The history's state of a payment whose move is disapproved now (money to claim back, or a decision to
   * keep): the day of the disapproval, not 'luego', which did not say after what nor when (see `paidState`).
   */
  registeredDisapproved: (disapprovedAt: string | null) => (disapprovedAt ? `Pago registrado · move desaprobada el ${formatDisplayDate(disapprovedAt)}` : 'Pago registrado · move desaprobada'),
  /** The state's explanation (its tooltip): the move disapproved after the payment was registered… */
  disapprovedAfterPayment: (code: string, disapprovedAt: string, paidAt: string) =>
    `La move ${code} se desaprobó el ${formatDisplayDate(disapprovedAt, true)}, después de registrado este pago (del ${formatDisplayDate(paidAt)}). Un pago registrado no se deshace: reclámelo al Getter o déjelo como bueno.`,
  /** …or before it: the payment recorded it paid anyway. */
  disapprovedBeforePayment: (code: string, disapprovedAt: string, paidAt: string) =>
    `La move ${code} ya estaba desaprobada (el ${formatDisplayDate(disapprovedAt, true)}) cuando se registró este pago (del ${formatDisplayDate(paidAt)}): se registró pagada igual porque el banco la transfirió con el lote. Reclámelo al Getter o déjelo como bueno.`,
  disapprovedUndated: (code: string) => `La move ${code} está desaprobada. Un pago registrado no se deshace: reclámelo al Getter o déjelo como bueno.`,
  getter: 'Getter',
  getterHelp: 'Seleccione el Getter correspondiente',
  pickGetterFirst: 'Seleccione un Getter para ver sus pagos pendientes.',
  /** The mass payment's count and total, with the thousands dotted as the dialog says them ('1.000', not '1000'). */
  selection: (count: number, amount: string) =>
    `${count === 1 ? '1 transacción seleccionada' : `${formatCount(count)} transacciones seleccionadas`} · Total ${formatPesos(amount)}`,
  /** Another Getter chosen with transactions ticked: the ticks are the chosen Getter's, and go. */
  switchGetterTitle: 'Cambiar de Getter',
  switchGetter: (count: number) =>
    `${count === 1 ? 'Se quitará la transacción seleccionada' : `Se quitarán las ${formatCount(count)} transacciones seleccionadas`} de este Getter, sin pagar. ¿Desea continuar?`,
  noPending: 'El Getter no tiene pagos pendientes.',
  /** The lists' empty page (spec 1 §2.2, every list): with nothing to list, and with a Getter or dates that match nothing. */
  empty: 'No hay datos para mostrar.',
  noMatch: 'No hay resultados para la búsqueda',
  /** Over the pending and paid lists: what every row of the filter adds up to (not only the page). */
  filterTotal: (count: number, amount: string) =>
    `Total del filtro: ${formatPesos(amount)} en ${count === 1 ? '1 transacción' : `${formatCount(count)} transacciones`}.`,
  date: 'Fecha de pago',
  operationCode: 'Número de operación',
  accept: 'Aceptar',
  cancel: 'Cancelar',
  successTitle: 'Pago registrado',
  /** The dialog's line under the Getter: where the money goes. */
  account: 'Cuenta de pago',
  /** The dialog's warning for a Getter with no account: the payment may have been made another way, so it is not refused. */
  noAccount: 'Este Getter no tiene CBU ni Mercado Pago cargados: registre el pago sólo si se le pagó por otra vía.',
  /** The bank's batch file pays into the account it names: without one it is not written. */
  batchNoAccount: 'Este Getter no tiene CBU ni Mercado Pago cargados: el lote para el banco no se generó, porque no tendría a qué cuenta transferir. Registre el pago sólo si se le pagó por otra vía.',
  success: 'El pago se registró correctamente.',
  required: 'Este campo es requerido.',
  noSpaces: 'No debe contener espacios.',
  futureDate: 'La fecha de pago no puede ser posterior a hoy.',
  futureTime: 'La hora de pago no puede ser posterior a la actual.',
  beforeDebt: (day: string) => `La fecha de pago no puede ser anterior al ${formatDisplayDate(day)}, cuando nació la deuda.`,
  dateRange: (day: string) => (day === todayIso() ? 'Sólo hoy: la deuda nació hoy.' : `Entre el ${formatDisplayDate(day)} y hoy.`),
  tooLong: 'El campo es demasiado largo',
  pickOne: 'Seleccione al menos una transacción.',
  tooMany: (max: number) => `Se pueden pagar hasta ${formatCount(max)} transacciones por vez.`,
  // Said of what the screen showed (moves, not transaction ids): a transaction goes when its move is disapproved.
  notFound: (ids: number[]) =>
    ids.length === 1
      ? 'Una de las transacciones elegidas ya no está pendiente de pago (su move pudo ser desaprobada). No se registró ningún pago.'
      : `${formatCount(ids.length)} de las transacciones elegidas ya no están pendientes de pago (sus moves pudieron ser desaprobadas). No se registró ningún pago.`,
  /**
   * Some of the batch's moves were disapproved after it was downloaded: their transactions left the
   * pending list, but the bank may have paid them with the rest. Named (move and amount), so whoever
   * pays can check the bank's statement, and nothing is written until they say what was transferred.
   */
  disapprovedMeanwhile: (list: DisapprovedTransaction[]) => {
    const named = list.slice(0, ALREADY_PAID_NAMED).map(disapprovedName);
    const more = list.length - named.length;
    return `${list.length === 1 ? 'Esta move se desaprobó' : 'Estas moves se desaprobaron'} después de elegida la selección y ${list.length === 1 ? 'su transacción ya no está pendiente' : 'sus transacciones ya no están pendientes'}: ${named.join('; ')}${more ? ` y ${formatCount(more)} más` : ''}. No se registró ningún pago.`;
  },
  /**
   * Some of the order's debts were settled meanwhile: a copy's, removed when its original move was recorded
   * paid anyway (the visit is paid). And/or some moves disapproved (`disapprovedMeanwhile`). Nothing written.
   */
  changedMeanwhile: (disapproved: DisapprovedTransaction[], settled: SettledTransaction[]): string => {
    if (!settled.length) return PAYMENT_TEXT.disapprovedMeanwhile(disapproved);
    const named = settled.slice(0, ALREADY_PAID_NAMED).map(settledName);
    const more = settled.length - named.length;
    const visits = `${settled.length === 1 ? 'La visita de esta move ya se pagó con su move original y su transacción ya no está pendiente' : 'Las visitas de estas moves ya se pagaron con sus moves originales y sus transacciones ya no están pendientes'}: ${named.join('; ')}${more ? ` y ${formatCount(more)} más` : ''}.`;
    return disapproved.length ? `${visits} ${PAYMENT_TEXT.disapprovedMeanwhile(disapproved)}` : `${visits} No se registró ningún pago.`;
  },
  /**
   * `paidAnyway` names a disapproved move whose visit a republished copy of it was already paid for, or
   * whose copy's debt (pending, or disapproved too and recorded paid anyway) the same payment holds.
   */
  copyAlreadyPaid: (list: DisapprovedTransaction[]) =>
    `${list.map((t) => `La visita de la move ${t.moveCode} (transacción ${t.id}) ${t.paidCopy ? `ya se pagó con su copia ${t.paidCopy.moveCode} (transacción ${t.paidCopy.transactionId}, pagada el ${formatDisplayDate(todayIso(new Date(t.paidCopy.transactionDate)))})` : `está dos veces en este pago: también va su copia ${t.copyInOrder!.moveCode} (transacción ${t.copyInOrder!.transactionId})`}`).join('. ')}: no se puede registrar pagada igual, el Getter cobraría dos veces la misma visita. No se registró ningún pago.`,
  /** One line of the dialog's list: the move, its transaction and amount, and when it was disapproved. */
  disapprovedLine: (t: DisapprovedTransaction) =>
    `Move ${t.moveCode} · transacción ${t.id} · ${formatPesos(t.amount)} · desaprobada el ${formatDisplayDate(todayIso(new Date(t.disapprovedAt)))}${t.paidCopy ? ` · su visita ya se pagó con la copia ${t.paidCopy.moveCode} (transacción ${t.paidCopy.transactionId}): no se puede registrar pagada igual` : ''}${t.copyInOrder ? ` · ${inOrderCopy(t.copyInOrder)}` : ''}`,
  /** One line of the dialog's list: a debt settled because its original move's visit was paid. */
  settledLine: (t: SettledTransaction) =>
    `${t.moveCode ? `Move ${t.moveCode} · ` : ''}transacción ${t.id} · ${formatPesos(t.amount)} · su visita ya se pagó con la move original ${t.paidMoveCode} (transacción ${t.paidTransactionId}, el ${formatDisplayDate(todayIso(new Date(t.paidAt)))})`,
  changedTitle: (count: number) => (count === 1 ? 'Una move se desaprobó después del lote' : `${formatCount(count)} moves se desaprobaron después del lote`),
  /** A single payment (the pending list's own button): there was no batch. */
  changedSingleTitle: 'La move de este pago se desaprobó',
  settledTitle: (count: number) => (count === 1 ? 'Una visita del lote ya se pagó con su move original' : `${formatCount(count)} visitas del lote ya se pagaron con sus moves originales`),
  settledSingleTitle: 'La visita de esta move ya se pagó con su move original',
  /** Both: moves disapproved and visits paid through their original moves. */
  batchChangedTitle: 'El lote cambió antes de registrar el pago',
  changedHelp:
    'Si el banco transfirió el lote completo, registre el pago de todas: las desaprobadas quedan en el historial como «Pago registrado · move desaprobada el …», para reclamar o dar por bueno. Si las quitó del lote antes de transferir, registre sólo las demás.',
  changedSingleHelp:
    'Si ya se le transfirió al Getter, regístrelo pagado igual: queda en el historial como «Pago registrado · move desaprobada el …», para reclamar o dar por bueno. Si no se transfirió, cancele: la move desaprobada ya no se paga.',
  /** Visits already paid (a copy, or the original): not registered twice. */
  paidVisitHelp: 'Una visita ya pagada no se registra dos veces: si el banco la transfirió igual, reclámela al Getter. Registre lo demás.',
  settledSingleHelp: 'Esta deuda ya no existe: la visita se pagó con la move original. Si el banco la transfirió igual, reclámela al Getter.',
  payAllAnyway: (count: number, amount: string) => `Se transfirió todo: registrar ${count === 1 ? 'la transacción' : `las ${formatCount(count)}`} · ${formatPesos(amount)}`,
  paySingleAnyway: (amount: string) => `Se transfirió: registrarla pagada igual · ${formatPesos(amount)}`,
  /** Some of the order cannot be paid (visits already paid): the rest, the disapproved ones among them paid anyway. */
  payPossible: (count: number, amount: string) =>
    `Se transfirió: registrar ${count === 1 ? 'la que se puede' : `las ${formatCount(count)} que se pueden`}, con las desaprobadas · ${formatPesos(amount)}`,
  payOthersOnly: (count: number, amount: string) => `Registrar sólo ${count === 1 ? 'la otra' : `las otras ${formatCount(count)}`} · ${formatPesos(amount)}`,
  /** `paidAnyway` names transactions the payment does not pay. */
  paidAnywayOutside: 'Las transacciones pagadas igual deben estar entre las que se pagan.',
  otherAccount: 'Las transacciones seleccionadas no pertenecen a la cuenta indicada.',
  amountMismatch: (expected: string) => `El monto no coincide con lo pendiente de pago (${formatPesos(expected)}).`,
  /** Names up to ALREADY_PAID_NAMED of them and counts the rest: a batch of 1,000 sent again named them all. */
  alreadyPaid: (names: string[]) => {
    const named = names.slice(0, ALREADY_PAID_NAMED);
    const more = names.length - named.length;
    return `${names.length === 1 ? 'Ya fue pagada' : 'Ya fueron pagadas'}: ${named.join(', ')}${more ? ` y ${formatCount(more)} más` : ''}. No se registró ningún pago.`;
  },
  /**
   * An operation number is one bank transfer, to one account: already registered for another Getter's
   * payment, it is almost surely mistyped. Names that payment, so whoever pays can check it.
   */
  operationCodeTaken: (code: string, other: { fullName: string; transactionId: number; transactionDate: string }) =>
    `El número de operación ${code} ya está registrado en el pago a ${other.fullName} (transacción ${other.transactionId}, del ${formatDisplayDate(todayIso(new Date(other.transactionDate)))}): una transferencia es a una sola cuenta. Revise el número. No se registró ningún pago.`,
  batchFile: 'DESCARGAR LOTE EXCEL',
  /** Asked for the batch, some of the selection were no longer pending: taken out, and no file written. */
  leftBatch: (names: string[]) =>
    `${names.length === 1 ? `La move ${names[0]} ya no está pendiente de pago (se desaprobó o se pagó en otra parte): se quitó` : `Las moves ${names.slice(0, ALREADY_PAID_NAMED).join(', ')}${names.length > ALREADY_PAID_NAMED ? ` y ${formatCount(names.length - ALREADY_PAID_NAMED)} más` : ''} ya no están pendientes de pago (se desaprobaron o se pagaron en otra parte): se quitaron`} de la selección y no se descargó el lote. Revise el total y vuelva a descargarlo.`,
  batchFailed: 'No se pudo armar el lote. Revise su conexión y vuelva a intentarlo.',
  from: 'Desde',
  to: 'Hasta',
  filter: 'FILTRAR',
  /** It removes the dates only: the Getter chosen stays (a plain 'LIMPIAR' read as clearing the Getter too). */
  clear: 'LIMPIAR FECHAS',
  bothDates: MOVE_FORM_TEXT.bothDates,
  endBeforeStart: MOVE_FORM_TEXT.endBeforeStart,
} as const;

const T = PAYMENT_TEXT;

/** A transaction a disapproval removed from the pending list, as a refused payment names it. */
export interface DisapprovedTransaction {
  id: number;
  moveCode: string;
  amount: string;
  /** When the move was disapproved (the transaction removed), ISO. */
  disapprovedAt: string;
  /**
   * A republished copy of the move (same Getter) whose transaction is already paid: the visit is paid, so
   * this one cannot be recorded paid anyway.
   */
  paidCopy?: { moveCode: string; transactionId: number; transactionDate: string };
  /**
   * A republished copy of the move (same Getter) whose debt the same payment holds (pending, or disapproved
   * too and recorded paid anyway): the visit is paid once, through the copy, so this one cannot be recorded
   * paid anyway with it.
   */
  copyInOrder?: { moveCode: string; transactionId: number };
}

/** Whether a disapproved one's visit is paid otherwise (a copy paid, or in the same payment): never recorded paid anyway. */
export const visitPaidOtherwise = (t: Pick<DisapprovedTransaction, 'paidCopy' | 'copyInOrder'>): boolean => Boolean(t.paidCopy ?? t.copyInOrder);

const inOrderCopy = (copy: NonNullable<DisapprovedTransaction['copyInOrder']>) =>
  `su copia ${copy.moveCode} (transacción ${copy.transactionId}) también está en este pago: la visita se paga una sola vez, con la copia`;

/**
 * A transaction of a republished copy removed from the pending list because its original move was recorded
 * paid anyway (`dropOnPaidVisit`): the visit is paid, so it is not paid again.
 */
export interface SettledTransaction {
  id: number;
  /** The copy's code (null for a removal audited before the copy was written down). */
  moveCode: string | null;
  amount: string;
  /** The original move and its transaction that paid the visit, and when (ISO). */
  paidMoveCode: string;
  paidTransactionId: number;
  paidAt: string;
}

/**
 * The answer's details of a payment refused for moves disapproved meanwhile, or for debts settled meanwhile
 * (`settled`): they, and the rest of the order still pending.
 */
export interface DisapprovedRefusal {
  disapproved: DisapprovedTransaction[];
  settled: SettledTransaction[];
  others: { ids: number[]; amount: string };
}

const disapprovedName = (t: DisapprovedTransaction) =>
  `move ${t.moveCode} (transacción ${t.id}, ${formatPesos(t.amount)}, desaprobada el ${formatDisplayDate(todayIso(new Date(t.disapprovedAt)))}${t.paidCopy ? `; su visita ya se pagó con la copia ${t.paidCopy.moveCode}, no se puede registrar pagada igual` : ''}${t.copyInOrder ? `; ${inOrderCopy(t.copyInOrder)}` : ''})`;

const settledName = (t: SettledTransaction) => {
  const paidWith = `pagada con la move ${t.paidMoveCode} (transacción ${t.paidTransactionId}) el ${formatDisplayDate(todayIso(new Date(t.paidAt)))}`;
  return t.moveCode ? `move ${t.moveCode} (transacción ${t.id}, ${formatPesos(t.amount)}, ${paidWith})` : `transacción ${t.id} (${formatPesos(t.amount)}, ${paidWith})`;
};

/** The audit action of a pending transaction a disapproval removed (its detail says what it was). */
export const DROPPED_ON_DISAPPROVAL = 'dropOnDisapproval';

export const TRANSACTION_STATUS = { PENDING: 'PENDING', PAID: 'PAID' } as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];

/** One mass payment pays at most this many transactions (and the Getter's list loads this many). */
export const MASSIVE_PAY_MAX = 1000;

/**
 * The bank's operation number: required, no spaces anywhere, visible or not: a zero-width space or
 * another format character (Unicode Cf) pasted with it showed as 'AB' and broke the reconciliation.
 */
export const operationCode = textOr(T.required)
  .min(1, T.required)
  // Only spaces (or invisible characters) is an empty field: required, as every text says it.
  .refine((v) => trimText(v) !== '', T.required)
  .refine((v) => trimText(v) === '' || !/[\s\p{Cf}]/u.test(v), T.noSpaces)
  .refine((v) => v.length <= 100, T.tooLong)
  .meta({ minLength: 1, maxLength: 100 });

/** The payment date typed DD/MM/YYYY: required, a real date, not after today (in Argentina). */
export const paymentDay = textOr(T.required)
  .trim()
  .min(1, T.required)
  .pipe(dateValue)
  .refine((iso) => iso <= todayIso(), T.futureDate);

/** The Argentine day (YYYY-MM-DD) the newest of these debts was born: their payment may not be dated before it. */
export function newestDebtDay(createdAt: readonly (string | Date)[]): string {
  return createdAt.map((d) => todayIso(new Date(d))).reduce((newest, day) => (day > newest ? day : newest), '');
}

/**
 * When a payment is kept: the instant sent, or the newest debt's birth when that is later (the same
 * Argentine day at an earlier hour: the day is checked first). A payment never precedes what it pays.
 */
export function paidInstant(sent: Date, debtsBorn: readonly (string | Date)[]): Date {
  const newest = Math.max(...debtsBorn.map((d) => new Date(d).getTime()));
  return Number.isFinite(newest) && newest > sent.getTime() ? new Date(newest) : sent;
}

/** The register-payment dialog: the date between the newest debt's day (`debtDay`) and today. */
export function paymentDialogSchema(debtDay?: string) {
  const transactionDate = debtDay ? paymentDay.refine((iso) => iso >= debtDay, T.beforeDebt(debtDay)) : paymentDay;
  return z.object({ transactionDate, operationCode });
}
export interface PaymentDialogValues {
  transactionDate: string;
  operationCode: string;
}

/** Argentina has kept UTC-3 without summer time since 2009. */
const ARGENTINA_OFFSET = '-03:00';

const argentineClock = new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** The time of day in Argentina, HH:mm:ss. */
function argentineTime(now: Date): string {
  return argentineClock.format(now);
}

/** The chosen day at the current time of day (spec 2 §7), as an ISO instant. */
export function combineWithCurrentTime(isoDay: string, now = new Date()): string {
  return new Date(`${isoDay}T${argentineTime(now)}${ARGENTINA_OFFSET}`).toISOString();
}

/** An amount sent by the console: a decimal with up to two places, above zero; canonical text out. */
export const amount = z.union([z.string().max(20), z.number()], { error: MSG.amount }).transform((value, ctx) => {
  const cents = parseMoney(value);
  if (cents === null || cents <= 0n) {
    ctx.addIssue({ code: 'custom', message: MSG.amount });
    return z.NEVER;
  }
  return centsToMoney(cents);
});

const MINUTE = 60_000;
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The payment instant: an ISO date-time (without an offset, Argentina's) or a day (taken at the
 * current time); not in a minute later than the current one.
 */
export const paymentInstant = textOr(T.required).trim().min(1, T.required).max(40).transform((text, ctx) => {
  const day = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(text);
  const parsed = day ? parseDisplayDate(`${day[3]}/${day[2]}/${day[1]}`) : { error: MSG.dateFormat };
  const instant = day?.[4] ? new Date(WITH_OFFSET.test(text) ? text : `${text}${ARGENTINA_OFFSET}`) : day ? new Date(combineWithCurrentTime(text)) : new Date(NaN);
  if ('error' in parsed || Number.isNaN(instant.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'error' in parsed ? parsed.error : MSG.dateFormat });
    return z.NEVER;
  }
  if (Math.floor(instant.getTime() / MINUTE) > Math.floor(Date.now() / MINUTE)) {
    ctx.addIssue({ code: 'custom', message: todayIso(instant) > todayIso() ? T.futureDate : T.futureTime });
    return z.NEVER;
  }
  return instant;
});

/**
 * Transactions of the payment whose moves were disapproved after the batch was downloaded, which the bank
 * paid all the same: they are recorded as paid (see registerPayment). Only after a refusal named them.
 */
const paidAnyway = z.array(id, { error: 'Debe ser una lista.' }).max(MASSIVE_PAY_MAX).default([]);

/** `PUT /accounts/pay`: one pending transaction of the account. */
export const payBody = z
  .object({
    id,
    amount,
    penddingTransactionId: id,
    operationCode,
    transactionDate: paymentInstant,
    paidAnyway,
  })
  .refine((b) => b.paidAnyway.every((p) => p === b.penddingTransactionId), { path: ['paidAnyway'], message: T.paidAnywayOutside });

/** `PUT /accounts/massive-pay`: several pending transactions of one account, one operation. */
export const massivePayBody = z.object({
  id,
  amount,
  penddingTransactionIds: z
    // Missing, nothing was selected (the dialog's words); something else than a list is said as such.
    .array(id, { error: (issue) => (issue.input === undefined || issue.input === null ? T.pickOne : 'Debe ser una lista.') })
    .min(1, T.pickOne)
    .max(MASSIVE_PAY_MAX, T.tooMany(MASSIVE_PAY_MAX))
    .transform((ids) => [...new Set(ids)]),
  operationCode,
  transactionDate: paymentInstant,
  paidAnyway,
}).refine((b) => b.paidAnyway.every((p) => b.penddingTransactionIds.includes(p)), { path: ['paidAnyway'], message: T.paidAnywayOutside });

/** The pending and paid lists: paging, sorting and the date filter (both days or neither). */
export const transactionsQuery = z
  .object({
    offset: offsetParam,
    limit: limitParam(10),
    sort: z.string().max(40).optional(),
    order: orderParam.optional(),
    from: dateValue.optional(),
    to: dateValue.optional(),
    getterId: id.optional(),
  })
  .superRefine((q, ctx) => {
    if (Boolean(q.from) !== Boolean(q.to)) ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: T.bothDates });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: T.endBeforeStart });
  });
export type TransactionsQuery = z.output<typeof transactionsQuery>;

/** `GET /transactions/by-getter`: one Getter's transactions of one kind (the legacy 'payed' too). */
export const byGetterQuery = z.object({
  getterId: id,
  transactionType: z
    .string()
    .transform((v) => (v.toUpperCase() === 'PAYED' ? 'PAID' : v.toUpperCase()))
    .pipe(z.enum(['PENDING', 'PAID'], { error: 'Tipo de transacción inválido' }))
    .default('PENDING'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MASSIVE_PAY_MAX).default(MASSIVE_PAY_MAX),
});

export interface GetterProfile {
  cuitCuil: string | null;
  mercadoPago: string | null;
  cbu: string | null;
}

/** A pending or paid transaction (spec 2 §3). */
export interface PaymentTransaction {
  id: number;
  amount: string;
  status: TransactionStatus;
  createdAt: string;
  transactionDate: string | null;
  operationCode: string | null;
  accounts: { id: number; user: { id: number; fullName: string; profile: GetterProfile } };
  /**
   * The move paid for, with its status now: one disapproved after its payment was paid for all the same.
   * `disapprovedAt`: when it was disapproved (a disapproved move's analysis closed then), else null;
   * `paidAnyway`: the transaction was recorded paid after that disapproval (the bank had transferred it).
   */
  userMoves: { id: number; code: string; status: MoveStatus; finishAnalysisDate: string | null; disapprovedAt: string | null; paidAnyway?: boolean }[];
}

/**
 * What the history's 'Estado' says of a paid transaction: 'Pago registrado', or, when its move is disapproved
 * now, that with the day of the disapproval, and (`detail`) whether it was disapproved after the payment was
 * registered, or before (recorded paid anyway: the bank had transferred it with the batch).
 */
export function paidState(t: Pick<PaymentTransaction, 'transactionDate' | 'userMoves'>): { label: string; detail: string | null } {
  const move = t.userMoves.find((m) => m.status === 'DESAPROBADA');
  if (!move) return { label: T.registered, detail: null };
  const at = move.disapprovedAt;
  if (!at || !t.transactionDate) return { label: T.registeredDisapproved(at), detail: T.disapprovedUndated(move.code) };
  return { label: T.registeredDisapproved(at), detail: (move.paidAnyway ? T.disapprovedBeforePayment : T.disapprovedAfterPayment)(move.code, at, t.transactionDate) };
}

/** What the lists say of a Getter with neither CBU nor Mercado Pago. */
export const NO_ACCOUNT = 'Sin Datos';

/**
 * The account a Getter is paid into: the CBU when there is one, else Mercado Pago, else none. A blank
 * field (the app may store '' for one never loaded) is none: the lists and the bank's batch file both
 * read the account here, so they never name a different one.
 */
export function payoutAccount(profile: GetterProfile | null | undefined): { kind: 'CBU' | 'Mercado Pago'; account: string } | null {
  const cbu = profile?.cbu?.trim();
  if (cbu) return { kind: 'CBU', account: cbu };
  const mercadoPago = profile?.mercadoPago?.trim();
  if (mercadoPago) return { kind: 'Mercado Pago', account: mercadoPago };
  return null;
}

/** The account as the lists and the register dialog say it: 'CBU 0110…', 'Mercado Pago ana.mp' or 'Sin Datos'. */
export function paymentAccount(profile: GetterProfile | null | undefined): string {
  const payout = payoutAccount(profile);
  return payout ? `${payout.kind} ${payout.account}` : NO_ACCOUNT;
}

/** A pending or paid transaction as the API answers it (`PaymentTransaction`). */
export const transactionAnswer = z.object({
  id: recordId,
  amount: money,
  status: z.enum([TRANSACTION_STATUS.PENDING, TRANSACTION_STATUS.PAID]),
  createdAt: moment,
  transactionDate: moment.nullable(),
  operationCode: z.string().nullable(),
  accounts: z.object({
    id: recordId,
    user: idFullName.extend({ profile: getterPaymentProfile }),
  }),
  userMoves: z.array(z.object({ id: recordId, code: z.string(), status: z.string(), finishAnalysisDate: moment.nullable(), disapprovedAt: moment.nullable(), paidAnyway: z.boolean().optional() })),
});
/** The pending and the paid lists: a page and the amount of the whole filter. */
export const transactionListAnswer = paged(transactionAnswer).extend({ totalAmount: money });
/** `PUT /accounts/pay` and `PUT /accounts/massive-pay`: the payment's receipt (a retry with its key answers the first one's). */
export const paymentReceiptAnswer = messageAnswer.extend({ accountId: recordId, amount: money, operationCode: z.string(), transactionDate: moment, transactionIds: z.array(recordId) });
export type PaymentReceipt = z.infer<typeof paymentReceiptAnswer>;
