/**
 * `npm run bench:data -- --moves 1000000 [--reset]`: the scale dataset into the PostgreSQL of
 * DATABASE_URL (see scale.ts). An empty database is migrated first; one that already holds users is
 * refused unless `--reset`, which drops its schema. Other sizes: --clients, --locations, --getters,
 * --projects, --agents, --push (defaults: 2,000 / 100,000 / 50,000 / 5,000 / 40 / 2,000).
 */
import { parseArgs } from 'node:util';
import { DEFAULTS, generate, isEmpty, resetDatabase, type ScaleOptions } from './scale';

const { values } = parseArgs({
  options: {
    moves: { type: 'string' },
    clients: { type: 'string' },
    locations: { type: 'string' },
    getters: { type: 'string' },
    projects: { type: 'string' },
    agents: { type: 'string' },
    push: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('DATABASE_URL=postgres://… es obligatoria: el conjunto de escala va a PostgreSQL.');
  process.exit(1);
}
const count = (v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v.replace(/[_.,]/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`Cantidad inválida: ${v}`);
  return n;
};
const options: ScaleOptions = {
  moves: count(values.moves, DEFAULTS.moves),
  clients: count(values.clients, DEFAULTS.clients),
  locations: count(values.locations, DEFAULTS.locations),
  getters: count(values.getters, DEFAULTS.getters),
  projects: count(values.projects, DEFAULTS.projects),
  agents: count(values.agents, DEFAULTS.agents),
  pushMessages: count(values.push, DEFAULTS.pushMessages),
};

if (!(await isEmpty(url))) {
  if (!values.reset) {
    console.error('La base ya tiene datos. Use --reset para borrarla y generar el conjunto de escala de nuevo.');
    process.exit(1);
  }
  await resetDatabase(url);
}
const started = performance.now();
console.log(`Generando en ${url.replace(/\/\/[^@]*@/, '//…@')}: ${JSON.stringify(options)}`);
await generate(url, options, (s) => console.log(`  ${s.name.padEnd(45)} ${String(s.ms).padStart(7)} ms${s.rows ? `  (${s.rows.toLocaleString('es-AR')} filas)` : ''}`));
const seconds = (performance.now() - started) / 1000;
console.log(`Listo en ${seconds.toFixed(1)} s (meta ≤ 300 s: ${seconds <= 300 ? 'cumple' : 'no cumple'}).`);
