import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerGuard, type RouteEntry } from './guard';
import { registerSecurityHeaders } from './securityHeaders';
import { clientErrorHandler, errorHandler, applyZodSchemas, registerJsonParser } from './http';
import { documentRoute, OPENAPI_TAGS } from './openapi';
import authRoutes from './routes/auth';
import campaignRoutes from './routes/campaigns';
import characteristicRoutes from './routes/characteristics';
import clientRoutes from './routes/clients';
import featureRoutes from './routes/features';
import locationRoutes from './routes/locations';
import locationImportRoutes from './routes/locationsImport';
import clientImportRoutes from './routes/clientsImport';
import moveConfigRoutes from './routes/movesConfig';
import fileRoutes from './routes/files';
import moveAssignmentRoutes from './routes/moveAssignments';
import moveRoutes from './routes/moves';
import moveReportRoutes from './routes/movesReports';
import moveReviewRoutes from './routes/movesReview';
import userRoutes from './routes/users';
import guidelineRoutes from './routes/guidelines';
import motiveRoutes from './routes/motives';
import paymentRoutes from './routes/payments';
import projectRoutes from './routes/projects';
import pushRoutes from './routes/push';
import questionnaireRoutes from './routes/questionnaires';
import reportRoutes from './routes/reports';
import settingsRoutes from './routes/settings';
import statisticsRoutes from './routes/statistics';
import tagRoutes from './routes/tags';
import webUserRoutes from './routes/webUsers';
import { createMailer, type Mailer } from './services/mail';
import { databaseRateStore, rateKeyOf } from './services/rateStore';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Every API route with the roles it admits: the access-matrix tests read it. */
    routeTable: RouteEntry[];
  }
}

export type App = FastifyInstance;

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where the production logger writes (stdout when absent): tests read it to look for secrets. */
  logStream?: NodeJS.WritableStream;
}

/**
 * A request's URL as the logs show it: the reset token and the e-mail of the restore routes travel
 * in the path, and signed file links carry their signature in the query; none of them is logged.
 */
export function loggableUrl(url: string): string {
  return url
    .replace(/(\/auth\/(?:checkValidToken|sendUserTokenByEmail)\/)[^/?#]*/i, '$1[oculto]')
    .replace(/([?&](?:sig|token|refreshToken|exp)=)[^&#]*/gi, '$1[oculto]');
}

/** The API areas, each one Fastify plugin with paths exactly as the spec names them. */
const areas = [authRoutes, settingsRoutes, clientRoutes, guidelineRoutes, tagRoutes, motiveRoutes, characteristicRoutes, questionnaireRoutes, locationRoutes, locationImportRoutes, clientImportRoutes, featureRoutes, moveConfigRoutes, webUserRoutes, campaignRoutes, fileRoutes, userRoutes, moveRoutes, moveReviewRoutes, moveAssignmentRoutes, moveReportRoutes, projectRoutes, paymentRoutes, pushRoutes, reportRoutes, statisticsRoutes];

export async function buildApp({ config, db, logger, logStream }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.refreshToken', 'req.body.token'],
      serializers: {
        req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({ method: request.method, url: loggableUrl(request.url), host: request.hostname, remoteAddress: request.ip }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    // The router's own refusals (a path with broken %-escapes, a path parameter over 100
    // characters) answer in the one Spanish shape too, before any hook runs.
    clientErrorHandler,
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return reply.status(tooLong ? 414 : 400).send({ message: tooLong ? 'La dirección solicitada es demasiado larga.' : 'La dirección solicitada no es válida.' });
    },
  });
  applyZodSchemas(app);
  registerJsonParser(app);
  app.setErrorHandler(errorHandler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('mailer', await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log }));
  app.decorate('routeTable', []);

  registerSecurityHeaders(app);
  // Counted in the database: the limit holds once with any number of instances (services/rateStore.ts).
  await app.register(rateLimit, { global: false, store: databaseRateStore(db), keyGenerator: rateKeyOf });
  // Verified tokens are kept by the guard (guard.ts), not by fast-jwt's cache.
  await app.register(jwt, { secret: config.jwtSecret, sign: { expiresIn: config.accessTokenTtl } });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campo API', version: '1.0.0', description: 'API de la consola Campo. Todas las rutas viven bajo /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      tags: OPENAPI_TAGS,
    },
    transform: documentRoute,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerGuard(app, app.routeTable);
  for (const area of areas) await app.register(area, { prefix: '/api' });

  const staticDir = config.staticDir;
  const hasConsole = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  if (hasConsole) {
    // Files looked up when asked (wildcard), not listed once at start: a console rebuilt or deployed
    // under a running server serves its new files, where a list made at start answered the new
    // index.html's scripts with index.html itself (a blank page).
    //
    // The build's assets are named by their content (assets/index-CkgLJzEl.js): a browser keeps them a year
    // without asking again (a new build has new names, which index.html, never cached, points to). Every
    // file goes precompressed when the browser takes it (brotli, else gzip; vite.config.ts writes both at
    // build time), so nothing is compressed per request.
    const compressed = { preCompressed: true, setHeaders: (res: SetHeadersResponse) => res.setHeader('vary', 'accept-encoding') };
    await app.register(fastifyStatic, { root: join(staticDir, 'assets'), prefix: '/assets/', wildcard: true, index: false, immutable: true, maxAge: '365d', decorateReply: false, ...compressed });
    await app.register(fastifyStatic, { root: staticDir, wildcard: true, index: false, ...compressed });
  }
  // Read when asked (a rebuilt console is served at once) and never kept by the browser, so a new build's
  // asset names are seen at once. Not through sendFile: its cache-control replaces this one (public,
  // max-age=0), options and all, when the file has no precompressed copy.
  const consolePage = async (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(join(staticDir!, 'index.html')));
  // The root is a directory to the static files (no page there): the console's page, as every screen path.
  if (hasConsole) app.get('/', (_request, reply) => consolePage(reply));
  app.setNotFoundHandler((request, reply) => {
    // A file of the build that is not there is a 404, never the console's page in its place.
    if (request.url.startsWith('/api') || request.url.startsWith('/assets/') || request.method !== 'GET' || !hasConsole) {
      return reply.status(404).send({ message: 'No se encontró el recurso solicitado.' });
    }
    // Every screen path is the console's: the browser router takes it from there.
    return consolePage(reply);
  });
  return app;
}
