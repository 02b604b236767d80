/**
 * A real call, on the demo's seeded data, of each route whose OpenAPI document shows its success's body:
 * the openapi test makes it as the administrator and checks the answer against the documented schema.
 * The ids are the demo's (its first client, point of sale, project, questionnaire, move…).
 */
import { asc, desc, eq, isNotNull } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import type { Db } from '../../server/db/client';
import { locations, mailOutbox, moveReplies, projects, transactions, userMoves, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { isoInDays as inDays } from '../../domain/validation';
import type { Dimension } from '../../domain/questionnaires';
import { CLIENT_CSV_COLUMNS, clientCsvTemplate } from '../../domain/clientsCsv';
import { sumMoney } from '../../domain/money';
import { todayIso } from '../../domain/validation';
import { BULK_COLUMNS, BULK_SHEET } from '../../domain/webUsersImport';
import { completeSend } from './moves-helpers';
import { nowSeconds, projectBody, signHs256 } from './helpers';
import { csvFile, csvRow } from './locations-csv';
import { multipart } from './multipart';

export const SOOFT_SECRET = 'campo-openapi-tests-sooft-secret';
const ADMIN = 'admin@campo.test';

export interface Call {
  url: string;
  /** A JSON body, or an upload's multipart (with its `headers`). */
  payload?: Record<string, unknown> | unknown[] | Buffer;
  headers?: Record<string, string>;
  /** Calls anonymous (a sign-in route): no administrator's token. */
  anonymous?: boolean;
  /** Calls as this user (its e-mail; the demo's password) instead: a Getter's route. */
  as?: string;
}

/** What a call needs that only a live server gives: a refresh token to renew, and the ids of what it holds. */
export interface Live {
  refreshToken: () => Promise<string>;
  adminId: number;
  /** A call as the administrator (or as the user of e-mail `as`), for the ids a call needs (or a record to change): its body, after a success. */
  send: <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown> | unknown[], as?: string) => Promise<T>;
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
  'GET /api/questionnariesV2/usage/:id': () => ({ url: '/api/questionnariesV2/usage/1' }),
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

  // Writes, each on records the call creates: the demo's stay as the reads above find them.
  'POST /api/motives/': () => ({ url: '/api/motives/', payload: motive() }),
  'PUT /api/motives': async (live) => ({ url: '/api/motives', payload: { id: (await made(live, '/api/motives/', motive())).id, motive: unique('Motivo editado') } }),
  'PUT /api/motives/state': async (live) => ({ url: '/api/motives/state', payload: { id: (await made(live, '/api/motives/', motive())).id, isActive: false } }),
  'DELETE /api/motives/:id': async (live) => ({ url: `/api/motives/${(await made(live, '/api/motives/', motive())).id}` }),
  'POST /api/tags': () => ({ url: '/api/tags', payload: tagGroup() }),
  'PUT /api/tags': async (live) => ({ url: '/api/tags', payload: { ...tagGroup(), id: (await made(live, '/api/tags', tagGroup())).id } }),
  'PUT /api/tags/state': async (live) => ({ url: '/api/tags/state', payload: { id: (await made(live, '/api/tags', tagGroup())).id, active: false } }),
  'POST /api/characteristics/': () => ({ url: '/api/characteristics/', payload: { description: unique('Característica') } }),
  'PUT /api/characteristics/': async (live) => ({ url: '/api/characteristics/', payload: { id: (await made(live, '/api/characteristics/', { description: unique('Característica') })).id, description: unique('Característica editada') } }),
  'DELETE /api/characteristics/:id': async (live) => ({ url: `/api/characteristics/${(await made(live, '/api/characteristics/', { description: unique('Característica') })).id}` }),
  'POST /api/campaigns': () => ({ url: '/api/campaigns', payload: campaign() }),
  'PUT /api/campaigns': async (live) => ({ url: '/api/campaigns', payload: { ...campaign(), id: (await made(live, '/api/campaigns', campaign())).id } }),
  'DELETE /api/campaigns/:id': async (live) => ({ url: `/api/campaigns/${(await made(live, '/api/campaigns', campaign())).id}` }),
  'POST /api/clients/': () => ({ url: '/api/clients/', payload: client() }),
  'PUT /api/clients': async (live) => ({ url: '/api/clients', payload: { ...client(), id: (await made(live, '/api/clients/', client())).id } }),
  'PUT /api/clients/state': async (live) => ({ url: '/api/clients/state', payload: { id: (await made(live, '/api/clients/', client())).id, state: false } }),
  'POST /api/guidelines': () => ({ url: '/api/guidelines', payload: guideline() }),
  'PUT /api/guidelines': async (live) => ({ url: '/api/guidelines', payload: { ...guideline(), id: (await made(live, '/api/guidelines', guideline())).id } }),
  'DELETE /api/guidelines/:id': async (live) => ({ url: `/api/guidelines/${(await made(live, '/api/guidelines', guideline())).id}` }),
  'POST /api/features': () => ({ url: '/api/features', payload: feature() }),
  'PUT /api/features/:id': async (live) => {
    const { id } = await made(live, '/api/features', feature());
    return { url: `/api/features/${id}`, payload: feature() };
  },
  'POST /api/locations': async (live) => ({ url: '/api/locations', payload: await location(live) }),
  'PUT /api/locations': async (live) => ({ url: '/api/locations', payload: { ...(await location(live)), id: (await made(live, '/api/locations', await location(live))).id } }),
  'PUT /api/locations/disable': async (live) => ({ url: '/api/locations/disable', payload: { id: (await made(live, '/api/locations', await location(live))).id, status: false } }),
  'POST /api/moves/post/new-move': () => ({ url: '/api/moves/post/new-move', payload: moveConfig() }),
  'PUT /api/moves/put/:id': async (live) => ({ url: `/api/moves/put/${(await made(live, '/api/moves/post/new-move', moveConfig())).id}`, payload: moveConfig() }),
  'POST /api/web-users/': () => ({ url: '/api/web-users/', payload: webUser() }),
  'PUT /api/web-users': async (live) => ({ url: '/api/web-users', payload: { id: (await made(live, '/api/web-users/', webUser())).id, names: 'Rosa María' } }),
  'POST /api/web-users/taken-emails': () => ({ url: '/api/web-users/taken-emails', payload: { emails: ['admin@campo.test', 'nadie@campo.test'] } }),
  'PUT /api/web-users/state': async (live) => ({ url: '/api/web-users/state', payload: { id: (await made(live, '/api/web-users/', webUser())).id, status: false } }),
  'PUT /api/web-users/whatsapp': async (live) => ({ url: '/api/web-users/whatsapp', payload: { id: (await made(live, '/api/web-users/', webUser())).id, sendWhatsappNotification: false } }),
  'DELETE /api/web-users/:id': async (live) => ({ url: `/api/web-users/${(await made(live, '/api/web-users/', webUser())).id}` }),
  'POST /api/push-notifications/send-message': () => ({ url: '/api/push-notifications/send-message', payload: { title: 'Nuevas moves disponibles', message: 'Hay nuevas moves publicadas cerca tuyo.' } }),
  'POST /api/questionnariesV2': async (live) => ({ url: '/api/questionnariesV2', payload: await questionnaire(live) }),
  'PUT /api/questionnariesV2/update/:id': async (live) => {
    const body = await questionnaire(live);
    return { url: `/api/questionnariesV2/update/${(await made(live, '/api/questionnariesV2', body)).id}`, payload: { ...body, name: unique('Cuestionario editado') } };
  },
  'DELETE /api/questionnariesV2/delete/:id': async (live) => ({ url: `/api/questionnariesV2/delete/${(await made(live, '/api/questionnariesV2', await questionnaire(live))).id}` }),

  'POST /api/projects': async (live) => ({ url: '/api/projects', payload: await project(live) }),
  'PUT /api/projects': async (live) => {
    const { locations: _locations, ...body } = await project(live);
    return { url: '/api/projects', payload: { ...body, id: (await made(live, '/api/projects', await project(live))).id, name: unique('Proyecto editado') } };
  },
  'PUT /api/projects/locations': async (live) => {
    const body = await project(live);
    return { url: '/api/projects/locations', payload: { id: (await made(live, '/api/projects', body)).id, locations: body.locations.slice(0, 1) } };
  },
  'POST /api/user-moves/massive-locations': async (live) => ({ url: '/api/user-moves/massive-locations', payload: await visitsToAssign(live) }),
  'PUT /api/user-moves/massive': async (live) => ({ url: '/api/user-moves/massive', payload: { userMovesIds: [(await assignedMove(live)).id], assignedAgentId: live.adminId } }),
  'POST /api/questionnaires-replyeds/amount-answers': () => ({ url: '/api/questionnaires-replyeds/amount-answers', payload: { userMovesIds: [464, 1] } }),

  // The review of a move, each on a move of a project of the call's own, brought to the state the action needs.
  'POST /api/user-moves/rescue-one': async (live) => ({ url: '/api/user-moves/rescue-one', payload: { id: (await assignedMove(live)).id } }),
  'POST /api/user-moves/cancel-one': async (live) => ({ url: '/api/user-moves/cancel-one', payload: { id: (await assignedMove(live)).id, reason: REASON } }),
  'POST /api/user-moves/reschedule-one': async (live) => ({ url: '/api/user-moves/reschedule-one', payload: { userMoveId: (await assignedMove(live)).id } }),
  'PUT /api/user-moves': async (live) => ({ url: '/api/user-moves', payload: { id: (await rescuedMove(live)).id, assignedAgentId: live.adminId } }),
  'POST /api/questionnaireRepliedByAgent': async (live) => ({ url: '/api/questionnaireRepliedByAgent', payload: await agentEdit(live, await inReview(live)) }),
  'PUT /api/questionnaireRepliedByAgent': async (live) => ({ url: '/api/questionnaireRepliedByAgent', payload: await agentEdit(live, await inReview(live)) }),
  'PUT /api/user-moves/edit-one': async (live) => {
    const { userMoveId, replies } = await agentEdit(live, await inReview(live));
    return { url: '/api/user-moves/edit-one', payload: { id: userMoveId, questionnarieReplyedByAgent: { replies }, continueWithoutPhotos: true } };
  },
  'POST /api/user-moves/reject-one': async (live) => ({ url: '/api/user-moves/reject-one', payload: { id: await inReview(live), reason: REASON } }),
  'POST /api/user-moves/return-one': async (live) => {
    const { userMoveId, replies } = await answered(live);
    return { url: '/api/user-moves/return-one', payload: { id: userMoveId, reason: REASON, questions: Object.keys(replies).slice(0, 1) } };
  },
  'POST /api/user-moves/accept-one': async (live) => ({ url: '/api/user-moves/accept-one', payload: { id: (await answered(live)).userMoveId, userMoveVideoLink: VIDEO } }),
  'POST /api/user-moves/disapprove-one': async (live) => {
    const { userMoveId } = await answered(live);
    await live.send('POST', '/api/user-moves/accept-one', { id: userMoveId, userMoveVideoLink: VIDEO });
    return { url: '/api/user-moves/disapprove-one', payload: { id: userMoveId, reason: REASON } };
  },
  // The Getter sends its own move (assigned to it, answered whole) for review.
  'POST /api/user-moves/submit': async (live) => ({ url: '/api/user-moves/submit', ...(await getterSend(live)) }),
  // A photo the Getter sent with its move, in review with the administrator as its agent.
  'PUT /api/user-moves/delete-photo': async (live) => {
    const { payload, as } = await getterSend(live);
    await live.send('POST', '/api/user-moves/submit', payload, as);
    await live.send('PUT', '/api/user-moves', { id: payload.id, assignedAgentId: live.adminId });
    // The photos' answer: a list of links (the other lists are a choice's ids).
    const [questionId, { replyData }] = Object.entries(payload.replies).find(([, r]) => Array.isArray(r.replyData) && /^https:/.test(String(r.replyData[0])))!;
    return { url: '/api/user-moves/delete-photo', payload: { userMoveId: payload.id, questionId, imageUrl: (replyData as string[])[0], index: 0 } };
  },
  'POST /api/user-moves/republish-move': async (live) => {
    const id = await inReview(live);
    await live.send('POST', '/api/user-moves/reject-one', { id, reason: REASON });
    return { url: '/api/user-moves/republish-move', payload: { id } };
  },

  // Payments, of the debts of moves the call approves.
  'PUT /api/accounts/pay': async (live) => {
    const { id, amount, accountId } = await debt(live);
    return { url: '/api/accounts/pay', payload: { id: accountId, amount, penddingTransactionId: id, operationCode: unique('OP').replace(/\W+/g, '-'), transactionDate: todayIso() } };
  },
  'PUT /api/accounts/massive-pay': async (live) => {
    const debts = [await debt(live), await debt(live)];
    return { url: '/api/accounts/massive-pay', payload: { id: debts[0].accountId, amount: sumMoney(debts.map((d) => d.amount)), penddingTransactionIds: debts.map((d) => d.id), operationCode: unique('OP').replace(/\W+/g, '-'), transactionDate: todayIso() } };
  },

  // The bulk loads, of rows of their own.
  'POST /api/clients/massive': () => upload('/api/clients/massive', 'csvFile', 'clientes.csv', `${clientCsvTemplate()}${clientCsvRow()}\r\n`),
  'POST /api/locations/massive/client': () => upload('/api/locations/massive/client', 'csvFile', 'puntos.csv', csvFile([csvRow(++made_, {}, 'OPENAPI')]), { clientId: '1' }),
  // A new point of sale, and one without a code the client already has: the answer names it.
  'POST /api/core-clients/clients/importBranches': async (live) => {
    const [known] = await live.db.select({ fullName: locations.fullName, street: locations.street }).from(locations).where(eq(locations.clientId, 1)).orderBy(asc(locations.id)).limit(1);
    const rows = [csvRow(++made_, {}, 'OPENAPI'), csvRow(++made_, { 'Código de Locación del Cliente': '', Nombre: known.fullName, Dirección: known.street }, 'OPENAPI')];
    return upload('/api/core-clients/clients/importBranches', 'csvFile', 'puntos.csv', csvFile(rows), { clientId: '1' });
  },
  'POST /api/web-users/massive': () => {
    const book = XLSX.utils.book_new();
    const email = `${unique('carga').replace(/\W+/g, '.').toLowerCase()}@campo.test`;
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...BULK_COLUMNS], ['Mariano', 'Quiroga', email, '3415550001', 'Cliente']]), BULK_SHEET);
    return upload('/api/web-users/massive', 'file', 'usuarios.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { clientId: '1' });
  },

  // The session and the password restore, on a user the call creates (the administrator's session stays).
  'POST /api/auth/logout': async (live) => ({ url: '/api/auth/logout', payload: { refreshToken: await live.refreshToken() }, anonymous: true }),
  'POST /api/auth/checkValidEmail': () => ({ url: '/api/auth/checkValidEmail', payload: { email: ADMIN }, anonymous: true }),
  'POST /api/auth/sendUserTokenByEmail/:email': async (live) => ({ url: `/api/auth/sendUserTokenByEmail/${encodeURIComponent((await restoring(live)).email)}`, anonymous: true }),
  'POST /api/auth/checkValidToken/:token': async (live) => ({ url: `/api/auth/checkValidToken/${(await restoring(live, true)).token}`, anonymous: true }),
  'POST /api/auth/restoreUserPassword/:userId': async (live) => {
    const { id, token } = await restoring(live, true);
    return { url: `/api/auth/restoreUserPassword/${id}`, payload: { token, password: 'Nueva#clave9', confirmPassword: 'Nueva#clave9' }, anonymous: true };
  },
};

/** A name no other call gave: the writes create records with unique names. */
let made_ = 0;
const unique = (name: string) => `${name} OpenAPI ${++made_}`;
/** Creates a record through the API and answers it. */
const made = (live: Live, url: string, payload: Record<string, unknown>) => live.send<{ id: number }>('POST', url, payload);

/** An upload's call: its file in `field`, and its other fields. */
const upload = (url: string, field: string, name: string, content: string | Buffer, fields: Record<string, string> = {}): Call => ({ url, ...multipart(fields, [{ field, name, content: Buffer.from(content) }]) });
/** A line of the clients' template: a new client. */
const clientCsvRow = () => {
  const cells: Record<string, string> = { Nombre: unique('Cliente'), Dirección: 'Mitre 1500, Bariloche', Teléfono: '2944123456', Email: 'hola@glaciar.com.ar', Tipo: 'Retail', 'URL de reclamos': 'https://forms.campo.test/reclamos', 'URL de contacto': 'https://campo.test/contacto' };
  return CLIENT_CSV_COLUMNS.map((c) => cells[c.header] ?? '').join(';');
};

const motive = () => ({ motive: unique('Motivo'), description: 'Para la documentación' });
const tagGroup = () => ({ groupName: unique('Grupo'), keysValues: [{ key: 'NOA', value: 'Noroeste' }] });
const campaign = () => ({ name: unique('Campaña'), clientId: 1, startDate: inDays(10), endDate: inDays(100) });
const client = () => ({ name: unique('Cliente'), address: 'Mitre 1500, Bariloche', email: 'hola@glaciar.com.ar', claimUrl: 'https://forms.campo.test/reclamos', contactUrl: 'https://campo.test/contacto', typeId: 1 });
const richText = (title: string) => `<p>${title}: ${'Texto del instructivo para la documentación. '.repeat(4)}</p>`;
const guideline = () => ({ name: unique('Instructivo'), generalities: richText('General'), beforeWork: richText('Antes'), duringWork: richText('Durante'), afterWork: richText('Después') });
const feature = () => ({ clientId: 1, name: unique('Atributo'), isRequired: false, values: [{ value: 'Rampa', isDefault: true }, { value: 'Sin rampa', isDefault: false }] });
const moveConfig = () => ({ name: unique('Configuración'), points: '120', minutesDuration: 25, consumptionPayment: true, needsVideoRecording: false, needsAudioRecording: true, needsCheckList: true, status: true, moveTypes: [1], category: [1] });
const webUser = () => ({ names: 'Rosa', lastName: 'Benavídez', email: `${unique('rosa').replace(/\W+/g, '.').toLowerCase()}@campo.test`, primaryPhone: '2614556677', password: 'Clave#segura9', rolId: 5, clientId: 1, actions: [] });

/** A point of sale of the demo's first client, with a new code, in a city of the demo. */
async function location(live: Live) {
  const [city] = await live.send<{ id: number; stateId: number }[]>('GET', '/api/cities?stateId=1');
  return { clientId: 1, fullName: unique('Punto de venta'), clientLocationId: unique('PV').replace(/\W+/g, '-'), clientLocationName: 'OP-VM-01', telephone: '3534123456', street: 'Bv. España 120', zone: 'Centro', executive: 'Lucía Benítez', emails: ['ejecutivo@cafe.com.ar'], manager: 'Raúl Encargado', emailManager: 'encargado@cafe.com.ar', emailExecutive: 'ejecutivo@cafe.com.ar', emailToNullCase: '', workDays: 'Lunes a sábado', openingHours: '08:00', closingHours: '20:00', observation: 'Frente a la plaza', countryId: 1, stateId: city.stateId, cityId: city.id, latitude: '-32.4075', longitude: '-63.2402', ownerId: null, zoneManagersIds: [], keysValues: [], featureValues: [] };
}

/** A new questionnaire: the demo's first one's tree under another name. */
async function questionnaire(live: Live) {
  const version = await live.send<{ questionnaire_version_type: string; dimensions: unknown[] }>('GET', '/api/questionnariesV2/get/1');
  return { name: unique('Cuestionario'), questionnaire_version_type: version.questionnaire_version_type, dimensions: version.dimensions };
}

/** A user of the call's own, and (when asked) the restore token the mail sent to it carries. */
async function restoring(live: Live, withToken = false) {
  const { id, email } = await live.send<{ id: number; email: string }>('POST', '/api/web-users/', webUser());
  if (!withToken) return { id, email, token: '' };
  await live.send('POST', `/api/auth/sendUserTokenByEmail/${encodeURIComponent(email)}`);
  const [mail] = await live.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return { id, email, token: /cambiarContrase%C3%B1a\/([A-Za-z0-9_-]+)/.exec(mail.text)![1] };
}

/** A project of the demo's first client on a campaign, a guideline and a move configuration of its own, with two points of sale. */
async function project(live: Live) {
  const campaignId = (await made(live, '/api/campaigns', { ...campaign(), startDate: inDays(0) })).id;
  const guidelineId = (await made(live, '/api/guidelines', guideline())).id;
  const moveConfigurationId = (await made(live, '/api/moves/post/new-move', moveConfig())).id;
  const { ids } = await live.send<{ ids: number[] }>('GET', '/api/projects/locations-by-client/1/ids');
  return projectBody(unique('Proyecto'), { clientId: 1, campaignId, moveConfigurationId, questionnaireId: 1, guidelineId }, ids.slice(0, 2));
}

/** A visit of a new project for the demo's first active Getter. */
async function visitsToAssign(live: Live) {
  const { id } = await made(live, '/api/projects', await project(live));
  const { locations } = await live.send<{ locations: { id: number }[] }>('GET', `/api/projects/${id}`);
  const [getter] = await live.send<{ id: number }[]>('GET', '/api/users?limit=1');
  return [{ projectLocationId: locations[0].id, userId: getter.id }];
}

/** A move the call assigns to a Getter (ASIGNADA), on a project of its own. */
async function assignedMove(live: Live) {
  const { created } = await live.send<{ created: { id: number; userId: number }[] }>('POST', '/api/user-moves/massive-locations', await visitsToAssign(live));
  return created[0];
}

const REASON = 'Las fotos no muestran el producto obligatorio.';
const VIDEO = 'https://youtu.be/M7lc1UVf-VE';

/** An assigned move rescued: in review, without an agent. */
const rescuedMove = async (live: Live) => live.send<{ id: number }>('POST', '/api/user-moves/rescue-one', { id: (await assignedMove(live)).id });

/** A move in review with the administrator as its quality agent: its id. */
async function inReview(live: Live) {
  const { id } = await rescuedMove(live);
  await live.send('PUT', '/api/user-moves', { id, assignedAgentId: live.adminId });
  return id;
}

/** The agent's edit that answers every question of the move's questionnaire. */
async function agentEdit(live: Live, userMoveId: number) {
  const { questionnaire } = await live.send<{ questionnaire: { dimensions: Dimension[] } }>('GET', `/api/questionnaires-replyeds/get?userMoveId=${userMoveId}`);
  return { userMoveId, replies: completeSend(questionnaire.dimensions), continueWithoutPhotos: true };
}

/** A move in review that its agent answered whole, ready to approve or return. */
async function answered(live: Live) {
  const edit = await agentEdit(live, await inReview(live));
  await live.send('POST', '/api/questionnaireRepliedByAgent', edit);
  return edit;
}

/** A debt of the call's own, pending: the transaction of a move it approves, with its account. */
async function debt(live: Live) {
  const { userMoveId } = await answered(live);
  const { transaction } = await live.send<{ transaction: { id: number; amount: string } }>('POST', '/api/user-moves/accept-one', { id: userMoveId, userMoveVideoLink: VIDEO });
  const [{ accountId }] = await live.db.select({ accountId: transactions.accountId }).from(transactions).where(eq(transactions.id, transaction.id));
  return { ...transaction, accountId };
}

/** A move assigned to a Getter, and what the Getter sends for it: every question answered, the photos asked for. */
async function getterSend(live: Live) {
  const { id, userId } = await assignedMove(live);
  const { replies } = await agentEdit(live, id);
  const [getter] = await live.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { payload: { id, replies }, as: getter.email };
}
