import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { ACCESS } from '../../domain/roles';
import { id } from '../../domain/validation';
import { bulkAnswer, type BulkAnswer, IMPORT_TEXT, MAX_BULK_BYTES, readBulkFile, takenEmailsAnswer, takenEmailsBody, validateRows } from '../../domain/webUsersImport';
import type { App } from '../app';
import { clients, users } from '../db/schema';
import { badRequest, HttpError, partWithin, readMultipart } from '../http';
import { audit } from '../services/audit';
import { hashPassword } from '../services/passwords';
import { checkZip } from '../services/zipCheck';
import { takenEmails } from '../services/webUsers';
import { pgErrorCode } from '../db/errors';
import { refreshEstimates } from '../db/list';
import type { UploadFields } from '../openapi';

const massiveSchema = {
  tags: ['web-users'],
  summary: 'Carga masiva de usuarios de un cliente desde un archivo xls/xlsx',
  description: 'Multipart con el archivo en `file` y el cliente activo en `clientId`. Escribe todas las filas o ninguna: con errores responde 400 con el resultado de cada fila.',
  consumes: ['multipart/form-data'],
  upload: { file: 'file', fields: { clientId: 'El cliente activo de los usuarios.' } } satisfies UploadFields,
  answer: bulkAnswer,
};
/** What an .xlsx may inflate to: 10,000 rows take a few megabytes; a zip bomb takes gigabytes. */
const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
const INFLATES_TOO_MUCH = 'El archivo descomprimido es demasiado grande.';
const INSERT_CHUNK = 1000;

/**
 * POST /web-users/massive (multipart: `file` and `clientId`): the server reads and checks the
 * file again, then writes every row or none. Imported users share one hash of a random password
 * nobody knows: they set their own through the password-restore flow.
 */
export default async function webUsersImport(app: App) {
  // The screen checks a chosen file's rows as the load will: this is the one check it cannot do alone, so
  // that every row's problem is in 'Estado' before the upload (an e-mail taken was said only after it).
  app.post(
    '/web-users/taken-emails',
    {
      config: { roles: ACCESS['web-users'].write },
      schema: { tags: ['web-users'], summary: 'Cuáles de los emails de un archivo de carga masiva ya tienen usuario', description: 'Sin distinguir mayúsculas; responde los tomados en minúsculas.', body: takenEmailsBody, answer: takenEmailsAnswer },
    },
    async (req) => {
      const { emails } = req.body as { emails: string[] };
      return { taken: [...(await takenEmails(app.db, emails.map((e) => e.trim())))] };
    },
  );

  app.post('/web-users/massive', { config: { roles: ACCESS['web-users'].write }, schema: massiveSchema }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest(IMPORT_TEXT.fileRequired, { file: IMPORT_TEXT.fileRequired });
    // Typed by a cast: set inside the callback, where an initial `null` would stay narrowed.
    let file = null as { name: string; data: Buffer } | null;
    let clientText: unknown;
    await readMultipart(
      req,
      () => req.parts({ limits: { fileSize: MAX_BULK_BYTES, files: 1, fields: 5 } }),
      async (part) => {
        if (part.type === 'file') {
          const data = await partWithin(part, MAX_BULK_BYTES);
          if (part.fieldname === 'file') file = { name: part.filename ?? '', data };
        } else if (part.fieldname === 'clientId') {
          clientText = part.value;
        }
      },
    );
    const clientId = id.safeParse(clientText);
    if (!clientId.success) throw badRequest(IMPORT_TEXT.clientRequired, { clientId: IMPORT_TEXT.clientRequired });
    const [client] = await app.db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.id, clientId.data), eq(clients.state, true)));
    if (!client) throw badRequest('El cliente no existe o está inactivo.', { clientId: 'El cliente no existe o está inactivo.' });
    if (!file) throw badRequest(IMPORT_TEXT.fileRequired, { file: IMPORT_TEXT.fileRequired });
    if (file.data.subarray(0, 2).toString('latin1') === 'PK') {
      const zip = checkZip(file.data, MAX_INFLATED_BYTES);
      if (zip === 'invalid') throw badRequest(IMPORT_TEXT.notSpreadsheet, { file: IMPORT_TEXT.notSpreadsheet });
      if (zip === 'too-large') throw new HttpError(413, INFLATES_TOO_MUCH, { file: INFLATES_TOO_MUCH });
    }
    const fileName = file.name;
    const sheet = readBulkFile(XLSX, fileName, file.data);
    // More rows than a load takes is a 413, as the other loads answer it; anything else wrong with the sheet, a 400.
    if ('error' in sheet) throw new HttpError(sheet.error === IMPORT_TEXT.tooManyRows ? 413 : 400, sheet.error, { file: sheet.error });

    const taken = await takenEmails(app.db, sheet.rows.map((r) => r.email));
    const checked = validateRows(sheet.rows, client.id, taken, IMPORT_TEXT.created);
    if (checked.failed) {
      const results = checked.results.map((r) => (r.ok ? { ...r, message: IMPORT_TEXT.notWritten } : r));
      const errors = Object.fromEntries(results.filter((r) => !r.ok).map((r) => [`fila ${r.row}`, r.message]));
      return reply.status(400).send({ message: IMPORT_TEXT.rowsWithErrors, errors, created: 0, results } satisfies BulkAnswer & { errors: Record<string, string> });
    }

    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await app.db
      .transaction(async (tx) => {
        for (let i = 0; i < checked.users.length; i += INSERT_CHUNK) {
          await tx.insert(users).values(checked.users.slice(i, i + INSERT_CHUNK).map((u) => ({ ...u, passwordHash, status: true })));
        }
        await audit(tx, { userId: req.session.id, entity: 'client', entityId: client.id, action: 'import-users', detail: { file: fileName, created: checked.users.length } });
      })
      .catch((error: unknown) => {
        // Someone took one of the e-mails since the check: nothing was written.
        if (pgErrorCode(error) === '23505') throw new HttpError(409, IMPORT_TEXT.emailTaken);
        throw error;
      });
    await refreshEstimates(app.db, 'users', checked.users.length);
    return reply.status(201).send({ message: IMPORT_TEXT.done(checked.users.length), created: checked.users.length, results: checked.results } satisfies BulkAnswer);
  });
}
