/**
 * Push notifications (spec 2 §2, §3, §5): the form's rules with their literal messages, the texts
 * of the screens and the history row's shape (with the spec's own spellings).
 */
import { z } from 'zod';
import { idFullName, moment, paged, recordId } from './answers';
import { formatCount } from './numbers';
import { characters, textOr, trimText } from './validation';

export const PUSH_TEXT = {
  newTitle: 'Nueva notificación',
  historyTitle: 'Últimos mensajes enviados',
  refresh: 'Click para refrescar',
  title: 'Título',
  message: 'Mensaje',
  cancel: 'CANCELAR',
  send: 'ENVIAR',
  required: 'Campo requerido',
  tooShort: 'El campo es demasiado corto',
  tooLong: 'El campo es demasiado largo',
  sentTitle: 'Notificación enviada',
  confirmSend: 'La notificación llegará a todos los Getters con la aplicación instalada. Esta acción no se podrá deshacer.',
  noDevices: 'No hay dispositivos registrados: la notificación no llegó a nadie.',
  outage: 'No se pudo enviar la notificación: el servicio de notificaciones no responde. Intente nuevamente en unos minutos.',
  /** A failure of our own (not the provider's): the staff is not sent to wait for a provider that is up. */
  unexpected: 'No se pudo enviar la notificación por un error inesperado del servidor. Intente nuevamente; si se repite, avise a soporte.',
  sendingTitle: 'Enviando notificación',
  progress: (done: number, total: number) => `Enviada a ${formatCount(done)} de ${formatCount(total)} dispositivos`,
  inBackground: 'El envío sigue aunque cierre este aviso: su resultado queda en «Últimos mensajes enviados».',
  interrupted: 'El envío se interrumpió: el servidor se detuvo antes de terminarlo. Los dispositivos alcanzados hasta entonces pueden haberla recibido.',
  columns: {
    title: 'Título',
    body: 'Mensaje',
    totalMessagesSended: 'Usuarios Seleccionados',
    sucessfullMessages: 'Mensajes Exitosos',
    removedTokens: 'Tokens Revocados',
    createdAt: 'Fecha',
    status: 'Estado',
  },
  status: { SENDING: 'Enviando', SENT: 'Enviado', ERROR: 'Error' },
} as const;

const T = PUSH_TEXT;

/** Required and trimmed, between `min` and `max` characters (an empty one is told only that it is required). */
const trimmedText = (min: number, max: number) =>
  textOr(T.required)
    .overwrite(trimText)
    .min(1, T.required)
    .refine((v) => v === '' || characters(v) >= min, T.tooShort)
    .refine((v) => characters(v) <= max, T.tooLong)
    // The API document says the limits the refinements keep (characters as read).
    .meta({ minLength: min, maxLength: max });

export const PUSH_LIMITS = { title: { min: 7, max: 40 }, message: { min: 15, max: 150 } } as const;

/** The form and `POST /push-notifications/send-message`: title 7–40, message 15–150, trimmed. */
export const pushMessageSchema = z.object({
  title: trimmedText(PUSH_LIMITS.title.min, PUSH_LIMITS.title.max),
  message: trimmedText(PUSH_LIMITS.message.min, PUSH_LIMITS.message.max),
});
export type PushMessageValues = z.input<typeof pushMessageSchema>;

export type PushStatus = keyof typeof PUSH_TEXT.status;

/** A row of 'Últimos mensajes enviados'. */
export interface PushHistoryRow {
  id: number;
  title: string;
  body: string;
  totalMessagesSended: number;
  sucessfullMessages: number;
  removedTokens: number;
  /** Devices handled so far (all of them once SENT): the progress of a send going out. */
  processedMessages: number;
  /** Sends refused for another reason than a dead token. */
  failedMessages: number;
  status: PushStatus;
  error: string | null;
  createdAt: string;
  sentBy: { id: number; fullName: string } | null;
}

/** What a send answers (202, SENDING) and `GET /push-notifications/:id` tells until it is SENT or ERROR. */
export type PushSendResult = PushHistoryRow;

/** The result the sender sees after ENVIAR. */
export function sendSummary(result: Pick<PushSendResult, 'totalMessagesSended' | 'sucessfullMessages' | 'removedTokens' | 'failedMessages'>): string[] {
  if (!result.totalMessagesSended) return [T.noDevices];
  // Dotted as the progress over it says them ('Enviada a 1.000 de 50.000'): the result read 'Dispositivos: 50000'.
  const lines = [
    `Dispositivos: ${formatCount(result.totalMessagesSended)}`,
    `Envíos exitosos: ${formatCount(result.sucessfullMessages)}`,
    `Tokens revocados (eliminados): ${formatCount(result.removedTokens)}`,
  ];
  if (result.failedMessages) lines.push(`Envíos fallidos: ${formatCount(result.failedMessages)}`);
  return lines;
}

/** The review actions that tell the move's Getter by push (spec 2 §4: 'se notificará al auditor'). */
export type MoveNoticeKind = 'reject' | 'return' | 'disapprove' | 'republish';

/** The longest point-of-sale name a notice shows, so that the reason keeps room in the message. */
const NOTICE_PLACE_MAX = 60;

/** One line, at most `max` characters: cut on a whole character and ended with '…' when it is longer. */
export function clipText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (characters(line) <= max) return line;
  let clipped = '';
  let count = 0;
  for (const char of line) {
    if (++count > max - 1) break;
    clipped += char;
  }
  return `${clipped.trimEnd()}…`;
}

export interface MoveNoticeFacts {
  code: string;
  /** The point of sale's name. */
  place: string;
  /** The rejection or return reason. */
  reason?: string | null;
  /** The republished copy's code. */
  newCode?: string;
  /** Disapproved after its payment: the payment stays, so the notice does not say it will not be paid. */
  paid?: boolean;
}

/**
 * The push a Getter gets when its move is rejected, returned or republished, within the form's limits
 * (title 7–40, message 15–150): the move's code in the title, the point of sale and the reason (cut
 * with '…' when long) or the new move's code in the message.
 */
export function moveNotice(kind: MoveNoticeKind, facts: MoveNoticeFacts): { title: string; body: string } {
  const { title: titleLimit, message: messageLimit } = PUSH_LIMITS;
  const place = clipText(facts.place, NOTICE_PLACE_MAX);
  const [word, lead] =
    kind === 'reject'
      ? ['rechazada', `Tu move en ${place} fue rechazada. Motivo: `]
      : kind === 'return'
        ? ['devuelta', `Tu move en ${place} fue devuelta para corregir. Motivo: `]
        : kind === 'disapprove'
          ? ['desaprobada', facts.paid ? `Tu move en ${place} fue desaprobada. Motivo: ` : `Tu move en ${place} fue desaprobada y no se pagará. Motivo: `]
          : ['republicada', `Tu move en ${place} está disponible de nuevo como ${facts.newCode ?? ''}.`];
  const title = clipText(`Move ${facts.code} ${word}`, titleLimit.max);
  if (kind === 'republish') return { title, body: clipText(lead, messageLimit.max) };
  return { title, body: `${lead}${clipText(facts.reason ?? '', messageLimit.max - lead.length)}`.trimEnd() };
}

/** A notification of the history with its progress (`GET /push-notifications/:id`, and what sending one answers). */
export const pushMessageAnswer = z.object({
  id: recordId,
  title: z.string(),
  body: z.string(),
  totalMessagesSended: z.number().int(),
  sucessfullMessages: z.number().int(),
  removedTokens: z.number().int(),
  processedMessages: z.number().int(),
  failedMessages: z.number().int(),
  status: z.enum(Object.keys(PUSH_TEXT.status) as [PushStatus, ...PushStatus[]]),
  error: z.string().nullable(),
  createdAt: moment,
  sentBy: idFullName.nullable(),
});
/** `GET /push-notifications/historial`: a page of 'Últimos mensajes enviados'. */
export const pushHistoryAnswer = paged(pushMessageAnswer);
