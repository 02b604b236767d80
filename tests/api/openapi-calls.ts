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
};
