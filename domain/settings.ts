/** What the installation's own routes answer: its public links, its health and the campus entry. */
import { z } from 'zod';

/** `GET /settings/public`: the links the console reads at start (empty when the installation has none). */
export const publicSettingsAnswer = z.object({ chatSupportUrl: z.string(), auditorsUrl: z.string() });
/** `GET /health`, when this instance reaches its database. */
export const healthAnswer = z.object({ status: z.literal('ok') });
/** `GET /moodle`: a five-minute token for the campus and the address that carries it. */
export const campusAnswer = z.object({ token: z.string(), url: z.string() });
