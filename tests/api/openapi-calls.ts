/**
 * A real call, on the demo's seeded data, of each route whose OpenAPI document shows its success's body:
 * the openapi test makes it as the administrator and checks the answer against the documented schema.
 * The ids are the demo's (its first client, point of sale, project, questionnaire, move…).
 */
import { DEMO_PASSWORD } from '../../server/db/seed';
import { nowSeconds, signHs256 } from './helpers';

export const SOOFT_SECRET = 'campo-openapi-tests-sooft-secret';
const ADMIN = 'admin@campo.test';

export interface Call {
  url: string;
  payload?: Record<string, unknown>;
  /** Calls anonymous (a sign-in route): no administrator's token. */
  anonymous?: boolean;
}

/** What a call needs that only a live server gives: a refresh token to renew. */
export interface Live {
  refreshToken: () => Promise<string>;
  adminId: number;
}

/** The call of each documented route, by `METHOD path` as Fastify names it. */
export const CALLS: Record<string, (live: Live) => Call | Promise<Call>> = {
  'POST /api/auth/login': () => ({ url: '/api/auth/login', payload: { email: ADMIN, password: DEMO_PASSWORD }, anonymous: true }),
  'POST /api/auth/sooft-login': () => ({ url: '/api/auth/sooft-login', payload: { token: signHs256({ email: ADMIN, exp: nowSeconds() + 60 }, SOOFT_SECRET) }, anonymous: true }),
  'POST /api/auth/refresh-token': async (live) => ({ url: '/api/auth/refresh-token', payload: { refreshToken: await live.refreshToken() }, anonymous: true }),
  'GET /api/core-users/users/userProfile/:id': (live) => ({ url: `/api/core-users/users/userProfile/${live.adminId}` }),
  'GET /api/user-moves/get/all': () => ({ url: '/api/user-moves/get/all' }),
  // An approved move (with its Getter, agent, audits and attachments) and one still available.
  'GET /api/user-moves/get': () => ({ url: '/api/user-moves/get?id=464' }),
  'GET /api/user-moves/get/code': () => ({ url: '/api/user-moves/get/code?code=M-0000001' }),
  'GET /api/user-moves/stock-moves-report': () => ({ url: '/api/user-moves/stock-moves-report' }),
  'GET /api/user-moves/report': () => ({ url: '/api/user-moves/report?clientId=1' }),
  'GET /api/clients/all-clients': () => ({ url: '/api/clients/all-clients' }),
  'GET /api/clients/:id': () => ({ url: '/api/clients/1' }),
  'GET /api/campaigns': () => ({ url: '/api/campaigns' }),
  'GET /api/campaigns/:id': () => ({ url: '/api/campaigns/1' }),
  'GET /api/characteristics/': () => ({ url: '/api/characteristics/' }),
  'GET /api/characteristics/:id': () => ({ url: '/api/characteristics/1' }),
  'GET /api/features': () => ({ url: '/api/features' }),
  'GET /api/features/client/:id': () => ({ url: '/api/features/client/1' }),
  'GET /api/features/:id': () => ({ url: '/api/features/1' }),
  'GET /api/guidelines': () => ({ url: '/api/guidelines' }),
  'GET /api/guidelines/search': () => ({ url: '/api/guidelines/search' }),
  'GET /api/locations': () => ({ url: '/api/locations' }),
  'GET /api/locations/client/:id': () => ({ url: '/api/locations/client/1' }),
  'GET /api/locations/:id': () => ({ url: '/api/locations/1' }),
  'GET /api/motives': () => ({ url: '/api/motives' }),
  'GET /api/motives/:id': () => ({ url: '/api/motives/1' }),
  'GET /api/moves': () => ({ url: '/api/moves' }),
  'GET /api/moves/get/:id': () => ({ url: '/api/moves/get/1' }),
  'GET /api/transactions/pending': () => ({ url: '/api/transactions/pending' }),
  'GET /api/transactions/payed': () => ({ url: '/api/transactions/payed' }),
  'GET /api/projects': () => ({ url: '/api/projects' }),
  'GET /api/projects/:id': () => ({ url: '/api/projects/1' }),
  'GET /api/projects/locations-by-client/:id': () => ({ url: '/api/projects/locations-by-client/1?projectId=1' }),
  'GET /api/push-notifications/historial': () => ({ url: '/api/push-notifications/historial' }),
  'GET /api/questionnariesV2': () => ({ url: '/api/questionnariesV2' }),
  'GET /api/questionnariesV2/get/:id': () => ({ url: '/api/questionnariesV2/get/1' }),
  'GET /api/tags': () => ({ url: '/api/tags' }),
  'GET /api/tags/:id': () => ({ url: '/api/tags/1' }),
  'GET /api/web-users': () => ({ url: '/api/web-users' }),
  'GET /api/web-users/get/all': () => ({ url: '/api/web-users/get/all' }),
  'GET /api/web-users/:id': (live) => ({ url: `/api/web-users/${live.adminId}` }),
  'GET /api/reports/options': () => ({ url: '/api/reports/options?clientId=1' }),
  'GET /api/reports/performance': () => ({ url: '/api/reports/performance?clientId=1&projectId=2&fromDate=2020-01-01&toDate=2030-12-31' }),
  'GET /api/core-estadisticas/estadisticas/getEstadisticas': () => ({ url: '/api/core-estadisticas/estadisticas/getEstadisticas?clientId=1' }),
};
