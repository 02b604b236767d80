/**
 * The floor of the API / SQL ratio (`npm run bench`): a server of nothing but node:http and pg that
 * answers one request's captured SQL (BARE_SHAPE: its statements as capture.ts records them) with the
 * rows as JSON. No framework, no session, no validation, no query builder: what any API on this machine
 * pays over its SQL (HTTP, the pool, parsing the rows, writing their JSON), with autocannon on the
 * same cores. The ratio the bench finds for it is the least the real server could reach.
 */
import http from 'node:http';
import pg from 'pg';
import { SESSION_OPTIONS } from '../../server/db/client';
import type { Shape } from './capture';

const shape = JSON.parse(process.env.BARE_SHAPE ?? '[]') as Shape;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: SESSION_OPTIONS });

http
  .createServer(async (_req, res) => {
    try {
      let rows: unknown[] = [];
      for (const group of shape) rows = (await Promise.all(group.map((s) => pool.query({ text: s.text, values: s.values })))).at(-1)!.rows;
      const body = JSON.stringify({ rows });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listo'));
