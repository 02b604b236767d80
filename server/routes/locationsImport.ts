/**
 * Bulk load of points of sale (spec 1 §2.5, §7): multipart with the file in `csvFile` and the client
 * in a `clientId` field or query. Answers `{ created, message }`, or a 400 `{ message, lines }`
 * naming each bad line. Rows without a code that are points of sale the client already has (same name
 * and address) are not created again: `known` counts them and `lines` names them. The template's example
 * row (CSV_EXAMPLE_CODE) is checked and not written, `lines` saying so.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCATION_TEXT } from '../../domain/locations';
import { CSV_TEXT, locationImportAnswer, MAX_CSV_BYTES } from '../../domain/locationsCsv';
import { CSV_EXAMPLE_CODE, EXAMPLE_TEXT } from '../../domain/locationsCsvTemplate';
import { ACCESS } from '../../domain/roles';
import { id, refusedKind } from '../../domain/validation';
import type { App } from '../app';
import { clients } from '../db/schema';
import { badRequest, HttpError, parse, partWithin, readMultipart } from '../http';
import type { UploadFields } from '../openapi';
import { importLocations } from '../services/locationImport';

const write = { roles: ACCESS.locations.write };
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'text/comma-separated-values', 'application/vnd.ms-excel'];

/** A file is taken for a CSV by its extension, or, without one, by a text type. */
export function isCsvFile(filename: string, mimetype: string): boolean {
  const ext = /\.([^./\\]+)$/.exec(filename)?.[1]?.toLowerCase();
  return ext ? ext === 'csv' : CSV_TYPES.includes(mimetype.toLowerCase());
}

/**
 * A bulk load's multipart: its one CSV, in `csvFile` (cut at 10 MB, a 413), and its other fields as
 * sent, each read by `onField` as it comes.
 */
export async function readCsvUpload(req: FastifyRequest, onField: (name: string, value: unknown) => void = () => {}): Promise<Buffer> {
  if (!req.isMultipart()) throw new HttpError(415, CSV_TEXT.noFile);
  let file: Buffer | undefined;
  await readMultipart(
    req,
    () => req.parts({ limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, fieldSize: 1000 } }),
    async (part) => {
      if (part.type === 'file') {
        if (part.fieldname !== 'csvFile') throw badRequest(CSV_TEXT.noFile);
        if (!isCsvFile(part.filename, part.mimetype)) throw new HttpError(415, CSV_TEXT.unsupportedType(refusedKind(part.filename, part.mimetype, CSV_TYPES)));
        file = await partWithin(part, MAX_CSV_BYTES);
      } else onField(part.fieldname, part.value);
    },
  );
  if (!file) throw badRequest(CSV_TEXT.noFile);
  return file;
}

async function readUpload(req: FastifyRequest): Promise<{ clientId: number; file: Buffer }> {
  const inQuery = (req.query as { clientId?: number }).clientId;
  let clientId = inQuery;
  const file = await readCsvUpload(req, (name, value) => {
    if (name !== 'clientId') return;
    clientId = parse(z.object({ clientId: id }), { clientId: value }).clientId;
    if (inQuery !== undefined && clientId !== inQuery) throw badRequest(CSV_TEXT.twoClients, { clientId: CSV_TEXT.twoClients });
  });
  if (clientId === undefined) throw badRequest('Seleccione un cliente', { clientId: 'Seleccione un cliente' });
  return { clientId, file };
}

export default async function locationImportRoutes(app: App) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { clientId, file } = await readUpload(req);
    const [client] = await app.db.select({ id: clients.id, state: clients.state }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw badRequest('El cliente no existe.', { clientId: 'El cliente no existe.' });
    if (!client.state) throw badRequest(LOCATION_TEXT.inactiveClient, { clientId: LOCATION_TEXT.inactiveClient });
    const result = await importLocations(app.db, clientId, file, req.session.id);
    if (!result.ok) return reply.status(400).send({ message: CSV_TEXT.hasErrors(result.count), lines: result.lines, count: result.count });
    const { created, known, examples } = result;
    const lines = [...examples, ...known.lines];
    if (known.count) return { created, known: known.count, message: CSV_TEXT.importedWithKnown(created, known.count), lines };
    // Every row valid and none written, none known: the file held only the template's example.
    const message = created === 0 ? EXAMPLE_TEXT.onlyExample : CSV_TEXT.imported(created);
    return lines.length ? { created, message, lines } : { created, message };
  };
  const schema = {
    tags: ['locations'],
    consumes: ['multipart/form-data'],
    upload: { file: 'csvFile', fields: { clientId: 'El cliente de los puntos de venta (o en la query).' } } satisfies UploadFields,
    querystring: z.object({ clientId: id.optional() }),
    answer: locationImportAnswer,
  };
  const description =
    `Multipart con el CSV en el campo \`csvFile\` y el cliente en el campo o la query \`clientId\`. Escribe todas las filas o ninguna: con errores responde 400 con cada línea mala. La fila de ejemplo de la plantilla (código ${CSV_EXAMPLE_CODE}) se valida y no se carga; \`lines\` lo dice. Sin archivo, o con uno que no es un CSV de texto, responde 415.`;
  app.post('/locations/massive/client', { config: write, schema: { ...schema, summary: 'Carga masiva de puntos de venta de un cliente desde un CSV', description } }, handler);
  app.post('/core-clients/clients/importBranches', { config: write, schema: { ...schema, summary: 'Carga masiva de puntos de venta desde un CSV (alias de /locations/massive/client)', description } }, handler);
}
