/** The columns of a transaction (spec 2 §2): name, tax id, payment account, amount, move code, approval date. */
import type { RaRecord } from 'ra-core';
import { formatPesos, parseMoney } from '../../../domain/money';
import { paymentAccount, type PaymentTransaction } from '../../../domain/payments';
import { formatDisplayDate } from '../../../domain/validation';
import type { Column } from '../../ui/table/CampoList';
import { dateExport } from '../../ui/table/columns';
import { EXCEL_MONEY } from '../../ui/xls/excelDate';

const tx = (r: RaRecord) => r as unknown as PaymentTransaction;

export const fullNameOf = (r: PaymentTransaction) => r.accounts.user.fullName;
export const cuitOf = (r: PaymentTransaction) => r.accounts.user.profile.cuitCuil ?? 'Sin Datos';
export const accountOf = (r: PaymentTransaction) => paymentAccount(r.accounts.user.profile);
export const moveCodeOf = (r: PaymentTransaction) => r.userMoves[0]?.code ?? '-';
/** In the spreadsheet a debt of no move leaves the cell empty (a '-' went out as the text "'-"). */
const moveCodeCell = (r: PaymentTransaction) => r.userMoves[0]?.code ?? '';
export const approvalOf = (r: PaymentTransaction) => formatDisplayDate(r.userMoves[0]?.finishAnalysisDate ?? r.createdAt);

/** The amount as a spreadsheet number: exact everywhere else, converted only at this edge. */
const amountCell = (r: PaymentTransaction) => Number(parseMoney(r.amount)) / 100;

export const transactionColumns: Column[] = [
  { source: 'fullName', label: 'Nombre', render: (r) => fullNameOf(tx(r)), exportValue: (r) => fullNameOf(tx(r)) },
  { source: 'cuitCuil', label: 'CUIT/CUIL', render: (r) => cuitOf(tx(r)), exportValue: (r) => cuitOf(tx(r)) },
  { source: 'account', label: 'Cuenta de pago', sortable: false, render: (r) => accountOf(tx(r)), exportValue: (r) => accountOf(tx(r)) },
  { source: 'amount', label: 'Monto', render: (r) => formatPesos(tx(r).amount), exportValue: (r) => amountCell(tx(r)), exportFormat: EXCEL_MONEY },
  { source: 'code', label: 'Código de move', render: (r) => moveCodeOf(tx(r)), exportValue: (r) => moveCodeCell(tx(r)) },
  { source: 'finishAnalysisDate', label: 'Fecha de aprobación', render: (r) => approvalOf(tx(r)), ...dateExport((r) => approvalOf(tx(r))) },
];
