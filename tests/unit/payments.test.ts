/** Payments in domain/: exact money, the register dialog's rules, the queries and the batch file. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, centsToMoney, formatMoney, formatPesos, parseMoney, sameMoney, sumMoney } from '../../domain/money';
import * as XLSX from 'xlsx';
import { BATCH_HEADER, batchHasAccounts, paymentBatch, paymentBatchFileName } from '../../domain/paymentBatch';
import {
  combineWithCurrentTime,
  massivePayBody,
  newestDebtDay,
  paidInstant,
  paidState,
  PAYMENT_TEXT,
  paymentAccount,
  paymentDialogSchema,
  type PaymentTransaction,
  payBody,
  transactionsQuery,
} from '../../domain/payments';
import { paymentBatchFile } from '../../src/resources/payments/batchFile';
import { fieldErrors, formatDisplayDate, todayIso } from '../../domain/validation';

const twoDecimals = fc.bigInt({ min: 0n, max: 99_999_999_999n }).map((cents) => centsToMoney(cents));

describe('money', () => {
  it('adds any list of 2-decimal amounts exactly', () => {
    fc.assert(
      fc.property(fc.array(twoDecimals, { maxLength: 200 }), (amounts) => {
        const expected = amounts.reduce((sum, a) => sum + BigInt(a.replace('.', '')), 0n);
        expect(sumMoney(amounts)).toBe(centsToMoney(expected));
      }),
    );
  });

  it('does not drift where floats do', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(sumMoney(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(sumMoney([])).toBe('0.00');
    expect(sameMoney('10', '10.00')).toBe(true);
    expect(sameMoney('10.01', '10.00')).toBe(false);
  });

  it('reads decimals with up to two places and refuses anything else', () => {
    expect(parseMoney('1234.5')).toBe(123450n);
    expect(parseMoney(' 7 ')).toBe(700n);
    expect(parseMoney(99.99)).toBe(9999n);
    expect(parseMoney('-0.05')).toBe(-5n);
    for (const bad of ['1.234', '1,5', '', 'abc', '1e3', '.5', 0.1 + 0.2, Number.NaN, Infinity]) expect(parseMoney(bad), String(bad)).toBeNull();
    fc.assert(
      fc.property(twoDecimals, (a) => {
        expect(centsToMoney(parseMoney(a)!)).toBe(a);
      }),
    );
  });

  it('writes money the Argentine way with two decimals', () => {
    expect(formatMoney('1234.5')).toBe('1.234,50');
    expect(formatMoney('1234567.89')).toBe('1.234.567,89');
    expect(formatMoney('0.07')).toBe('0,07');
    expect(formatMoney('-1500')).toBe('-1.500,00');
    // A no-break space after the sign: the amount is never split across two lines.
    expect(formatPesos('3000')).toBe('$\u00a03.000,00');
  });
});

describe('a refused mass payment', () => {
  it('counts the transactions no longer pending with their thousands dotted, as the dialog counts them', () => {
    expect(PAYMENT_TEXT.notFound(Array.from({ length: 1000 }, (_, i) => i + 1))).toMatch(/^1\.000 de las transacciones elegidas ya no están pendientes de pago/);
  });
});

describe('the register-payment dialog', () => {
  const today = formatDisplayDate(todayIso());
  const errorsOf = (values: Record<string, unknown>) => {
    const result = paymentDialogSchema().safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('requires an operation code without spaces', () => {
    expect(errorsOf({ transactionDate: today, operationCode: '' }).operationCode).toBe('Este campo es requerido.');
    expect(errorsOf({ transactionDate: today }).operationCode).toBe('Este campo es requerido.');
    // Only spaces (or invisible characters) is empty, not a code with spaces.
    for (const blank of ['   ', '\u200b', ' \u00a0 ']) expect(errorsOf({ transactionDate: today, operationCode: blank }).operationCode, JSON.stringify(blank)).toBe('Este campo es requerido.');
    expect(errorsOf({ transactionDate: today, operationCode: 'OP 123' }).operationCode).toBe('No debe contener espacios.');
    expect(errorsOf({ transactionDate: today, operationCode: ' OP123' }).operationCode).toBe('No debe contener espacios.');
    // Invisible ones too: a zero-width space, a no-break space, a soft hyphen pasted with the number.
    for (const hidden of ['\u200b', '\u00a0', '\u00ad', '\ufeff']) expect(errorsOf({ transactionDate: today, operationCode: `OP${hidden}123` }).operationCode).toBe('No debe contener espacios.');
    expect(errorsOf({ transactionDate: today, operationCode: 'x'.repeat(101) }).operationCode).toBe('El campo es demasiado largo');
  });

  it('requires a real payment date that is not in the future', () => {
    const tomorrow = formatDisplayDate(todayIso(new Date(Date.now() + 36 * 3600 * 1000)));
    expect(errorsOf({ transactionDate: '', operationCode: 'A1' }).transactionDate).toBe('Este campo es requerido.');
    expect(errorsOf({ transactionDate: '31/02/2024', operationCode: 'A1' }).transactionDate).toBe('Debe ingresar fecha válida.');
    expect(errorsOf({ transactionDate: tomorrow, operationCode: 'A1' }).transactionDate).toBe(PAYMENT_TEXT.futureDate);
    expect(paymentDialogSchema().parse({ transactionDate: '05/03/2024', operationCode: 'A1' })).toEqual({ transactionDate: '2024-03-05', operationCode: 'A1' });
    expect(paymentDialogSchema().parse({ transactionDate: today, operationCode: 'A1' }).transactionDate).toBe(todayIso());
  });

  it('refuses a payment dated before the day the newest debt it pays was born', () => {
    // 02:00 UTC on 1 March is still 28 February in Argentina.
    const debtDay = newestDebtDay(['2026-02-10T15:00:00.000Z', '2026-03-01T02:00:00.000Z', '2026-01-05T12:00:00.000Z']);
    expect(debtDay).toBe('2026-02-28');
    const since = (transactionDate: string) => {
      const result = paymentDialogSchema(debtDay).safeParse({ transactionDate, operationCode: 'A1' });
      return result.success ? undefined : fieldErrors(result.error).transactionDate;
    };
    expect(since('01/01/1900')).toBe('La fecha de pago no puede ser anterior al 28/02/2026, cuando nació la deuda.');
    expect(since('27/02/2026')).toBe(PAYMENT_TEXT.beforeDebt('2026-02-28'));
    expect(since('28/02/2026')).toBeUndefined();
    expect(since(today)).toBeUndefined();
    expect(PAYMENT_TEXT.dateRange(debtDay)).toBe('Entre el 28/02/2026 y hoy.');
    expect(PAYMENT_TEXT.dateRange(todayIso())).toBe('Sólo hoy: la deuda nació hoy.');
  });

  it('keeps a payment at its debts’ newest birth when it was sent earlier that day, never before it', () => {
    const born = ['2026-02-28T23:00:00.000Z', '2026-02-10T15:00:00.000Z'];
    expect(paidInstant(new Date('2026-02-28T12:00:00.000Z'), born).toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(paidInstant(new Date('2026-03-02T12:00:00.000Z'), born).toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(paidInstant(new Date('2026-02-28T23:00:00.000Z'), [new Date('2026-02-28T23:00:00.000Z')]).toISOString()).toBe('2026-02-28T23:00:00.000Z');
  });

  it('combines the chosen day with the current time of day in Argentina', () => {
    // 15:04:05 UTC is 12:04:05 in Argentina.
    expect(combineWithCurrentTime('2024-05-10', new Date('2024-06-01T15:04:05Z'))).toBe('2024-05-10T15:04:05.000Z');
    // 01:30 UTC on the 2nd is still 22:30 of the 1st in Argentina.
    expect(combineWithCurrentTime('2024-05-10', new Date('2024-06-02T01:30:00Z'))).toBe('2024-05-11T01:30:00.000Z');
    expect(todayIso(new Date(combineWithCurrentTime('2024-05-10', new Date('2024-06-02T01:30:00Z'))))).toBe('2024-05-10');
  });
});

describe('the payment bodies and list queries', () => {
  const now = combineWithCurrentTime(todayIso());

  it('takes exact amounts and refuses floats, zero and future instants', () => {
    expect(payBody.parse({ id: 1, amount: 1500.5, penddingTransactionId: 2, operationCode: 'X', transactionDate: now }).amount).toBe('1500.50');
    const bad = (change: Record<string, unknown>) => fieldErrors(payBody.safeParse({ id: 1, amount: '10', penddingTransactionId: 2, operationCode: 'X', transactionDate: now, ...change }).error!);
    expect(bad({ amount: 0.1 + 0.2 }).amount).toBe('El monto ingresado es inválido');
    expect(bad({ amount: '0' }).amount).toBe('El monto ingresado es inválido');
    expect(bad({ transactionDate: new Date(Date.now() + 3 * 86400_000).toISOString() }).transactionDate).toBe(PAYMENT_TEXT.futureDate);
  });

  it('refuses an instant in a minute after the current one, even today, and reads one without offset in Argentina', () => {
    const parse = (transactionDate: string) => payBody.safeParse({ id: 1, amount: '10', penddingTransactionId: 2, operationCode: 'X', transactionDate });
    const later = new Date(Date.now() + 2 * 60_000);
    // Later today reads 'la hora'; only past midnight does it read 'posterior a hoy'.
    const expected = todayIso(later) > todayIso() ? PAYMENT_TEXT.futureDate : PAYMENT_TEXT.futureTime;
    expect(fieldErrors(parse(later.toISOString()).error!).transactionDate).toBe(expected);
    expect(parse(new Date().toISOString()).success).toBe(true);
    expect(parse('2024-05-10T12:04:05').data?.transactionDate.toISOString()).toBe('2024-05-10T15:04:05.000Z');
    expect(parse('2024-05-10T12:04:05Z').data?.transactionDate.toISOString()).toBe('2024-05-10T12:04:05.000Z');
  });

  it('needs at least one transaction in a mass payment and pays each once', () => {
    const base = { id: 1, amount: '10', operationCode: 'X', transactionDate: now };
    expect(fieldErrors(massivePayBody.safeParse({ ...base, penddingTransactionIds: [] }).error!).penddingTransactionIds).toBe(PAYMENT_TEXT.pickOne);
    expect(massivePayBody.parse({ ...base, penddingTransactionIds: [3, 4, 3] }).penddingTransactionIds).toEqual([3, 4]);
  });

  it('filters by both dates or neither, the end not before the start', () => {
    expect(transactionsQuery.parse({})).toMatchObject({ offset: 0, limit: 10 });
    expect(transactionsQuery.parse({ from: '01/03/2024', to: '2024-03-31' })).toMatchObject({ from: '2024-03-01', to: '2024-03-31' });
    expect(fieldErrors(transactionsQuery.safeParse({ from: '2024-03-01' }).error!).to).toBe('Seleccione ambas fechas para filtrar.');
    expect(fieldErrors(transactionsQuery.safeParse({ from: '2024-03-02', to: '2024-03-01' }).error!).to).toBe(PAYMENT_TEXT.endBeforeStart);
  });
});

const transaction = (id: number, amount: string, user: Partial<PaymentTransaction['accounts']['user']> = {}, code = `M-000000${id}`): PaymentTransaction => ({
  id,
  amount,
  status: 'PENDING',
  createdAt: '2024-03-01T12:00:00.000Z',
  transactionDate: null,
  operationCode: null,
  accounts: { id: 9, user: { id: 5, fullName: 'Juan Pérez', profile: { cuitCuil: '20-28000000-3', cbu: '0110012300000012345678', mercadoPago: null }, ...user } },
  userMoves: code ? [{ id, code, status: 'APROBADA', finishAnalysisDate: '2024-03-01T12:00:00.000Z', disapprovedAt: null }] : [],
});

/** The batch file the console writes for these transactions, read back: its sheet's cells, and its lines as a spreadsheet shows them. */
async function batchSheet(rows: PaymentTransaction[]) {
  const book = XLSX.read(new Uint8Array(await paymentBatchFile(rows)), { type: 'array', cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  return { sheet, lines: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: true }) };
}

describe('the payment batch file', () => {
  it('has one line per transaction and, under an empty line, the totals beside their labels (no payment line has them)', async () => {
    const { sheet, lines } = await batchSheet([transaction(1, '0.10'), transaction(2, '0.20'), transaction(3, '1500.00')]);
    expect(lines).toEqual([
      BATCH_HEADER,
      ['Juan Pérez', '20-28000000-3', 'CBU', '0110012300000012345678', '0.10', 'M-0000001', '1'],
      ['Juan Pérez', '20-28000000-3', 'CBU', '0110012300000012345678', '0.20', 'M-0000002', '2'],
      ['Juan Pérez', '20-28000000-3', 'CBU', '0110012300000012345678', '1500.00', 'M-0000003', '3'],
      [],
      ['Cantidad de transacciones', '3'],
      ['Total a transferir', '1500.30'],
    ]);
    // The amounts are numbers with two decimals, so the sheet sums them; the total is the exact sum.
    expect(sheet.E2).toMatchObject({ t: 'n', v: 0.1, z: '0.00' });
    expect(sheet.B7).toMatchObject({ t: 'n', v: 1500.3, z: '0.00' });
    expect((await batchSheet([transaction(1, '0.10')])).lines.slice(-2)).toEqual([
      ['Cantidad de transacciones', '1'],
      ['Total a transferir', '0.10'],
    ]);
  });

  it('keeps a 22-digit CBU and a CUIT/CUIL of digits as text, every digit (a number kept 15 of them)', async () => {
    const row = transaction(7, '10.00', { profile: { cuitCuil: '20280000003', cbu: '2850590940090418135201', mercadoPago: null } });
    const { sheet } = await batchSheet([row]);
    expect(sheet.D2).toMatchObject({ t: 's', v: '2850590940090418135201', z: '@' });
    expect(sheet.B2).toMatchObject({ t: 's', v: '20280000003', z: '@' });
  });

  it('writes formula-like texts and separators as they are (text cells are no formulas)', async () => {
    const row = transaction(4, '10.00', { fullName: '=HYPERLINK("x")', profile: { cuitCuil: null, cbu: null, mercadoPago: 'ana;mp' } }, '');
    const { lines, sheet } = await batchSheet([row]);
    expect(lines[1]).toEqual(['=HYPERLINK("x")', '', 'Mercado Pago', 'ana;mp', '10.00', '', '4']);
    expect(sheet.A2).toMatchObject({ t: 's', v: '=HYPERLINK("x")' });
    expect(sheet.A2.f).toBeUndefined();
  });

  it('names the account the lists name: a blank CBU is none, and the Mercado Pago alias goes with its type', async () => {
    const row = transaction(5, '10.00', { profile: { cuitCuil: '20-28000000-3', cbu: '', mercadoPago: 'ana.mp' } });
    expect((await batchSheet([row])).lines[1]).toEqual(['Juan Pérez', '20-28000000-3', 'Mercado Pago', 'ana.mp', '10.00', 'M-0000005', '5']);
    expect(paymentAccount(row.accounts.user.profile)).toBe('Mercado Pago ana.mp');
    const blank = transaction(6, '10.00', { profile: { cuitCuil: null, cbu: ' ', mercadoPago: '' } });
    expect(paymentAccount(blank.accounts.user.profile)).toBe('Sin Datos');
    // No account, no line: the bank cannot transfer to empty cells, so the batch is not written at all.
    expect(batchHasAccounts([row, blank])).toBe(false);
    expect(batchHasAccounts([row])).toBe(true);
    expect(() => paymentBatch([row, blank])).toThrow(PAYMENT_TEXT.batchNoAccount);
    await expect(paymentBatchFile([blank])).rejects.toThrow(PAYMENT_TEXT.batchNoAccount);
  });

  it('names the file after the Getter and the day', () => {
    expect(paymentBatchFileName('María José Núñez', '2024-03-05')).toBe('lote-pagos-maria-jose-nunez-2024-03-05.xlsx');
  });

  it('shows the CBU first, else Mercado Pago, else Sin Datos', () => {
    expect(paymentAccount({ cuitCuil: null, cbu: '123', mercadoPago: 'x' })).toBe('CBU 123');
    expect(paymentAccount({ cuitCuil: null, cbu: null, mercadoPago: 'ana.mp' })).toBe('Mercado Pago ana.mp');
    expect(paymentAccount(null)).toBe('Sin Datos');
  });
});

describe('the payments’ words', () => {
  it('say one transaction in the singular and count thousands with a dot, as the amounts do', () => {
    expect(PAYMENT_TEXT.alreadyPaid(['transacción 225 (move M-0000453)'])).toBe('Ya fue pagada: transacción 225 (move M-0000453). No se registró ningún pago.');
    expect(PAYMENT_TEXT.alreadyPaid(['transacción 1', 'transacción 2'])).toBe('Ya fueron pagadas: transacción 1, transacción 2. No se registró ningún pago.');
    const thousand = Array.from({ length: 1000 }, (_, i) => `transacción ${i + 1}`);
    expect(PAYMENT_TEXT.alreadyPaid(thousand)).toBe(
      'Ya fueron pagadas: transacción 1, transacción 2, transacción 3, transacción 4, transacción 5 y 995 más. No se registró ningún pago.',
    );
    expect(PAYMENT_TEXT.filterTotal(1196, '1891910.97')).toBe('Total del filtro: $\u00a01.891.910,97 en 1.196 transacciones.');
    expect(PAYMENT_TEXT.filterTotal(1, '10.00')).toBe('Total del filtro: $\u00a010,00 en 1 transacción.');
    expect(PAYMENT_TEXT.switchGetter(1)).toBe('Se quitará la transacción seleccionada de este Getter, sin pagar. ¿Desea continuar?');
    expect(PAYMENT_TEXT.switchGetter(1000)).toBe('Se quitarán las 1.000 transacciones seleccionadas de este Getter, sin pagar. ¿Desea continuar?');
  });
});

describe('the history’s state of a paid transaction', () => {
  const paid = (status: 'APROBADA' | 'DESAPROBADA', disapprovedAt: string | null, paidAnyway = false) => ({
    transactionDate: '2026-11-20T15:30:00.000Z',
    userMoves: [{ id: 7, code: 'M-0000007', status, finishAnalysisDate: disapprovedAt, disapprovedAt, ...(paidAnyway ? { paidAnyway } : {}) }],
  });

  it('is "Pago registrado" for a move still approved, with nothing more to explain', () => {
    expect(paidState(paid('APROBADA', null))).toEqual({ label: 'Pago registrado', detail: null });
  });

  it('names the day of the disapproval, and says it came after the payment was registered', () => {
    expect(paidState(paid('DESAPROBADA', '2026-11-25T13:05:00.000Z'))).toEqual({
      label: 'Pago registrado · move desaprobada el 25/11/2026',
      detail: 'La move M-0000007 se desaprobó el 25/11/2026 10:05, después de registrado este pago (del 20/11/2026). Un pago registrado no se deshace: reclámelo al Getter o déjelo como bueno.',
    });
  });

  it('says a move already disapproved when the payment was registered was recorded paid anyway, with the batch the bank transferred', () => {
    expect(paidState(paid('DESAPROBADA', '2026-11-21T14:00:00.000Z', true))).toEqual({
      label: 'Pago registrado · move desaprobada el 21/11/2026',
      detail:
        'La move M-0000007 ya estaba desaprobada (el 21/11/2026 11:00) cuando se registró este pago (del 20/11/2026): se registró pagada igual porque el banco la transfirió con el lote. Reclámelo al Getter o déjelo como bueno.',
    });
  });

  it('says only that the move is disapproved when the day is not known', () => {
    expect(paidState(paid('DESAPROBADA', null))).toEqual({ label: 'Pago registrado · move desaprobada', detail: PAYMENT_TEXT.disapprovedUndated('M-0000007') });
  });
});

describe('the transactions’ spreadsheet cells', () => {
  it('leave the move cell of a debt of no move empty, while the screen says "-"', async () => {
    const { transactionColumns } = await import('../../src/resources/payments/columns');
    const code = transactionColumns.find((c) => c.source === 'code')!;
    const row = (userMoves: { code: string }[]) =>
      ({ id: 1, amount: '10.00', userMoves, accounts: { id: 1, user: { id: 1, fullName: 'Ana', profile: { cuitCuil: null, cbu: null, mercadoPago: null } } } }) as never;
    expect(code.exportValue!(row([]))).toBe('');
    expect(code.render!(row([]))).toBe('-');
    expect(code.exportValue!(row([{ code: 'M-0000001' }]))).toBe('M-0000001');
  });
});
