/**
 * 'Carga de clientes' (spec 1 §2.4, admins): multipart with the CSV in `csvFile`. Answers
 * `{ created, message }`, or a 400 `{ message, lines }` naming each bad line; nothing is written then.
 */
import { CLIENTS_CSV_TEXT } from '../../domain/clientsCsv';
import { csvImportAnswer } from '../../domain/locationsCsv';
import { ACCESS } from '../../domain/roles';
import type { App } from '../app';
import type { UploadFields } from '../openapi';
import { importClients } from '../services/clientImport';
import { readCsvUpload } from './locationsImport';

export default async function clientImportRoutes(app: App) {
  app.post(
    '/clients/massive',
    {
      config: { roles: ACCESS['client-upload'].write },
      schema: {
        tags: ['clients'],
        summary: 'Carga masiva de clientes desde un CSV',
        description: 'Multipart con el CSV en el campo `csvFile`, con las columnas de la plantilla. Escribe todas las filas o ninguna: con errores responde 400 con cada línea mala. Sin archivo, o con uno que no es un CSV de texto, responde 415.',
        consumes: ['multipart/form-data'],
        upload: { file: 'csvFile' } satisfies UploadFields,
        answer: csvImportAnswer,
      },
    },
    async (req, reply) => {
      const result = await importClients(app.db, await readCsvUpload(req), req.session.id);
      if (!result.ok) return reply.status(400).send({ message: CLIENTS_CSV_TEXT.hasErrors(result.count), lines: result.lines, count: result.count });
      return reply.status(201).send({ created: result.created, message: CLIENTS_CSV_TEXT.imported(result.created) });
    },
  );
}
