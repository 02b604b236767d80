import { z } from 'zod';
import type { App } from '../app';
import { HttpError } from '../http';
import { contentTypeOf, fileStoreFor } from '../services/files';

const query = z.object({ exp: z.coerce.number().int().min(0).max(4_102_444_800), sig: z.string().min(1).max(200) });
const INVALID = 'El enlace al archivo no es válido o venció. Vuelva a abrir la pantalla.';

/**
 * Files of the store through the signed links the other routes hand out (valid one hour). The
 * link is the permission: an <img> or <audio> cannot send the bearer token.
 */
export default async function fileRoutes(app: App) {
  const files = fileStoreFor(app.config);
  app.get('/files/*', { config: { roles: 'public' }, schema: { tags: ['files'], summary: 'Descarga firmada de un archivo guardado', description: 'El enlace firmado (`exp`, `sig`) que entregan las demás rutas es el permiso y vale una hora; vencido o alterado responde 403.', querystring: query, download: ['*/*'] } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const { exp, sig } = req.query as z.infer<typeof query>;
    if (!files.verify(key, exp, sig)) throw new HttpError(403, INVALID);
    const bytes = await files.read(key);
    if (!bytes) throw new HttpError(404, 'El archivo no existe.');
    return reply
      .type(contentTypeOf(key))
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${key.split('/').pop()!.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
      .send(bytes);
  });
}
