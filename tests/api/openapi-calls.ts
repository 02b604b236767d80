/**
 * A real call, on the demo's seeded data, of each route whose OpenAPI document shows its success's body:
 * the openapi test makes it as the administrator and checks the answer against the documented schema.
 * The ids are the demo's (its first client, point of sale, project, questionnaire, move…).
 */
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { moveReplies, projects, userMoves } from '../../server/db/schema';
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

/** What a call needs that only a live server gives: a refresh token to renew, and the ids of what it holds. */
export interface Live {
  refreshToken: () => Promise<string>;
  adminId: number;
  /** A call as the administrator, for the ids a call needs (or a record to change): its body, after a success. */
  send: <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => Promise<T>;
  db: Db;
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

  // Pickers and options.
  'GET /api/countries': () => ({ url: '/api/countries' }),
  'GET /api/states': () => ({ url: '/api/states?countryId=1' }),
  'GET /api/cities': () => ({ url: '/api/cities?stateId=1' }),
  'GET /api/web-users/client/:id': () => ({ url: '/api/web-users/client/1?rolId=6' }),
  'GET /api/core-clients/clients/getClientsTypes': () => ({ url: '/api/core-clients/clients/getClientsTypes' }),
  'GET /api/campaigns/client/:id': () => ({ url: '/api/campaigns/client/1' }),
  'GET /api/campaigns/client/active/:id': () => ({ url: '/api/campaigns/client/active/1' }),
  'GET /api/user-moves/get/cities': () => ({ url: '/api/user-moves/get/cities' }),
  'GET /api/user-moves/get/projects': () => ({ url: '/api/user-moves/get/projects?clientId=1' }),
  'GET /api/moves/get/info-for-move-configuration': () => ({ url: '/api/moves/get/info-for-move-configuration' }),
  'GET /api/web-users-roles': () => ({ url: '/api/web-users-roles' }),
  'GET /api/web-users/permissions/roles-actions': () => ({ url: '/api/web-users/permissions/roles-actions?role_id=5' }),
  // The payers see a Getter's payment details: the administrator is one.
  'GET /api/users': () => ({ url: '/api/users?limit=20' }),
  'GET /api/settings/public': () => ({ url: '/api/settings/public', anonymous: true }),
  'GET /api/health': () => ({ url: '/api/health', anonymous: true }),
  'GET /api/moodle': () => ({ url: '/api/moodle' }),
  'GET /api/projects/locations-by-client/:id/ids': () => ({ url: '/api/projects/locations-by-client/1/ids' }),

  // Details.
  'GET /api/projects/expired-project-update-reason': async (live) => {
    const [extended] = await live.db.select({ id: projects.id }).from(projects).where(isNotNull(projects.updateReason)).orderBy(asc(projects.id)).limit(1);
    return { url: `/api/projects/expired-project-update-reason?projectId=${extended.id}` };
  },
  'GET /api/push-notifications/:id': async (live) => {
    const { rows } = await live.send<{ rows: { id: number }[] }>('GET', '/api/push-notifications/historial?limit=1');
    return { url: `/api/push-notifications/${rows[0].id}` };
  },
  'GET /api/guidelines/:id': () => ({ url: '/api/guidelines/1' }),
  'GET /api/core-works/works/getSurveyAndWork/:id': () => ({ url: '/api/core-works/works/getSurveyAndWork/2?clientId=1' }),
  'GET /api/reports/performance/:id': async (live) => {
    const { result } = await live.send<{ result: { id: number }[] }>('GET', '/api/reports/performance?clientId=1&projectId=2&fromDate=2020-01-01&toDate=2030-12-31');
    return { url: `/api/reports/performance/${result[0].id}?clientId=1` };
  },
  'GET /api/questionnaires-replyeds/get': () => ({ url: '/api/questionnaires-replyeds/get?userMoveId=464' }),
  'GET /api/questionnaireRepliedByAgent': async (live) => {
    const [edited] = await live.db.select({ id: moveReplies.userMoveId }).from(moveReplies).where(eq(moveReplies.byAgent, true)).orderBy(asc(moveReplies.userMoveId)).limit(1);
    return { url: `/api/questionnaireRepliedByAgent?userMoveId=${edited.id}` };
  },
  'GET /api/user-moves/republish-move': async (live) => {
    const [copy] = await live.db.select({ from: userMoves.republishedFromId }).from(userMoves).where(isNotNull(userMoves.republishedFromId)).orderBy(asc(userMoves.id)).limit(1);
    return { url: `/api/user-moves/republish-move?id=${copy.from}` };
  },
  'GET /api/transactions/by-getter': async (live) => {
    const { rows } = await live.send<{ rows: { accounts: { user: { id: number } } }[] }>('GET', '/api/transactions/pending?limit=1');
    return { url: `/api/transactions/by-getter?getterId=${rows[0].accounts.user.id}` };
  },
};
