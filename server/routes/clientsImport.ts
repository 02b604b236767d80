/**
 * 'Carga de clientes' (spec 1 §2.4, admins): multipart with the CSV in `csvFile`. Answers
 * `{ created, message }`, or a 400 `{ message, lines }` naming each bad line; nothing is written then.
 */
import type { FastifyRequest } from 'fastify';
import { CLIENTS_CSV_TEXT } from '../../domain/clientsCsv';
import { CSV_TEXT, MAX_CSV_BYTES } from '../../domain/locationsCsv';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import { badRequest, HttpError } from '../http';
import type { UploadFields } from '../openapi';
import { importClients } from '../services/clientImport';
import { describeType, isCsvFile } from './locationsImport';

async function readCsv(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new HttpError(415, CSV_TEXT.noFile);
  let file: Buffer | undefined;
  for await (const part of req.parts({ limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 5, fieldSize: 1000 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'csvFile') throw badRequest(CSV_TEXT.noFile);
    if (!isCsvFile(part.filename, part.mimetype)) throw new HttpError(415, CSV_TEXT.unsupportedType(describeType(part.filename, part.mimetype)));
    file = await part.toBuffer();
  }
  if (!file) throw badRequest(CSV_TEXT.noFile);
  return file;
}

export default async function clientImportRoutes(app: App) {
  app.post(
    '/clients/massive',
    {
      config: { roles: ACCESS['client-upload'].write },
      schema: {
        tags: ['clients'],
        summary: 'Carga masiva de clientes desde un CSV',
        description: 'Multipart con el CSV en el campo `csvFile`, con las columnas de la plantilla. Escribe todas las filas o ninguna: con errores responde 400 con cada línea mala.',
        consumes: ['multipart/form-data'],
        upload: { file: 'csvFile' } satisfies UploadFields,
      },
    },
    async (req, reply) => {
      const result = await importClients(app.db, await readCsv(req), req.session.id);
      if (!result.ok) return reply.status(400).send({ message: CLIENTS_CSV_TEXT.hasErrors(result.count), lines: result.lines });
      return reply.status(201).send({ created: result.created, message: CLIENTS_CSV_TEXT.imported(result.created) });
    },
  );
}
