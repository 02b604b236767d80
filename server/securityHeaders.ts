/**
 * The security headers of every answer (helmet's), computed once at start-up. @fastify/helmet built
 * the whole helmet middleware anew on every request (its CSP parsed and joined again, ~30 µs of each
 * request's ~600 µs under load, BENCHMARKS.md); these headers depend on nothing of the request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      // Client service and survey pages frame the URLs each client configured.
      frameSrc: ["'self'", 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** What helmet sets with these options, as header name → value (lower-case names). */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Sets the headers on every answer, before any route (or the not-found handler) runs. The API's answers
 * (people, payments, bank accounts, tokens) are `no-store`: no browser or proxy keeps a copy, for the back
 * button or the next user of a shared computer to find. A route may set its own; the API's documentation
 * pages (/api/docs) keep the default.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? apiHeaders : headers);
    done();
  });
}
