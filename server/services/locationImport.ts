/**
 * The bulk load of points of sale: the CSV is parsed here, every row checked with the form's rules,
 * and either every row is written, in one transaction, or none is and each bad line says why.
 */
import { and, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import { foldLocationCode, foldName, LOCATION_TEXT, type LocationInput, withRequiredDefaults } from '../../domain/locations';
import { CSV_TEXT, csvRowToLocation, errorLinesToSend, lineError, locationHeaderProblem, MAX_CSV_ROWS, NOT_A_HEADER, type PlaceFinder, repeatedRow, withoutKnownLocations } from '../../domain/locationsCsv';
import { EXAMPLE_TEXT, isExampleLocation } from '../../domain/locationsCsvTemplate';
import type { Db, Tx } from '../db/client';
import { cities, countries, locations, states } from '../db/schema';
import { pgErrorCode } from '../db/errors';
import { refreshEstimates } from '../db/list';
import { badRequest, HttpError } from '../http';
import { audit } from './audit';
import { csvText, parseRows } from './csvFile';
import { featuresOfClients, holdClientForLocations } from './features';
import { holdClientLocationNames } from './locations';

/** Lines named in one answer: past this, the rest are counted. */
const MAX_LINES_SHOWN = 500;
/** Rows per INSERT: each chunk travels as one JSON parameter. */
const CHUNK = 5000;

const COLUMNS = getTableColumns(locations);

/**
 * One statement per chunk: the rows travel as one JSON parameter that PostgreSQL spreads with
 * json_to_recordset (thousands of bound parameters, and drizzle building them, cost seconds), and
 * the required attributes' defaults are inserted with the new ids in the same statement.
 */
async function insertChunk(tx: Tx, clientId: number, rows: LocationInput[], defaults: { featureId: number; id: number }[]) {
  const records = rows.map(({ featureValues: _f, zoneManagersIds: _z, ...row }) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({ ...row, clientId })) out[COLUMNS[key as keyof typeof COLUMNS].name] = value;
    return out;
  });
  const names = Object.keys(records[0]);
  const columns = names.map((name) => Object.values(COLUMNS).find((c) => c.name === name)!);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const shape = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  await tx.execute(sql`
    with created as (
      insert into locations (${list})
      select ${list} from json_to_recordset(${JSON.stringify(records)}::json) as x(${shape})
      returning id
    )
    insert into location_feature_values (location_id, feature_id, feature_value_id)
    select created.id, d.feature_id, d.value_id
    from created cross join json_to_recordset(${JSON.stringify(defaults.map((d) => ({ feature_id: d.featureId, value_id: d.id })))}::json) as d(feature_id integer, value_id integer)`);
}

/**
 * `known`: the rows without a code that are points of sale the client already has (same name and
 * address), not created again, each named (the first 500) and counted. `examples`: the lines of the
 * template's example row, checked as any row and not written.
 */
export type ImportResult = { ok: true; created: number; known: { lines: string[]; count: number }; examples: string[] } | { ok: false; lines: string[]; count: number };

async function placeFinder(db: Db): Promise<PlaceFinder> {
  const [allCountries, allStates, allCities] = await Promise.all([db.select().from(countries), db.select().from(states), db.select().from(cities)]);
  const country = new Map(allCountries.map((c) => [foldName(c.name), c.id]));
  const state = new Map(allStates.map((s) => [`${s.countryId}|${foldName(s.name)}`, s.id]));
  const city = new Map(allCities.map((c) => [`${c.stateId}|${foldName(c.name)}`, c.id]));
  return {
    country: (name) => country.get(foldName(name)) ?? null,
    state: (countryId, name) => state.get(`${countryId}|${foldName(name)}`) ?? null,
    city: (stateId, name) => city.get(`${stateId}|${foldName(name)}`) ?? null,
  };
}

/** Why two codes that differ in capitals (or outer spaces) are one. */
const SAME_CODE = 'los códigos no distinguen mayúsculas de minúsculas';
/** A clash of codes, named by its column as the row's other errors are. */
const codeError = (line: number, message: string) => lineError(line, message, 'clientLocationId');

/** The codes of the lines read so far, folded, with the line and the code as written there. */
type SeenCodes = Map<string, { line: number; code: string }>;

/**
 * The line's error when its code is one the client has (`taken`: folded → as stored) or an earlier
 * line's, compared as the unique index compares them (capitals and surrounding spaces aside); else
 * null, and the code joins `seen`.
 */
function codeClash(line: number, code: string, taken: ReadonlyMap<string, string>, seen: SeenCodes): string | null {
  const folded = foldLocationCode(code);
  const stored = taken.get(folded);
  if (stored !== undefined) {
    return stored === code
      ? codeError(line, `ya existe un punto de venta del cliente con el código "${code}"`)
      : codeError(line, `el código "${code}" es el mismo que "${stored}", que ya tiene un punto de venta del cliente; ${SAME_CODE}`);
  }
  const earlier = seen.get(folded);
  if (earlier) {
    return earlier.code === code
      ? codeError(line, `el código "${code}" se repite en la línea ${earlier.line}`)
      : codeError(line, `el código "${code}" es el mismo que "${earlier.code}" de la línea ${earlier.line}; ${SAME_CODE}`);
  }
  seen.set(folded, { line, code });
  return null;
}

export async function importLocations(db: Db, clientId: number, buffer: Buffer, userId: number): Promise<ImportResult> {
  const rows = parseRows(csvText(buffer), MAX_CSV_ROWS);
  const headerError = rows.length ? locationHeaderProblem(rows[0].cells) : NOT_A_HEADER;
  if (headerError) return { ok: false, count: 1, lines: [headerError] };
  const data = rows.slice(1);
  if (!data.length) throw badRequest(CSV_TEXT.empty);
  if (data.length > MAX_CSV_ROWS) throw new HttpError(413, CSV_TEXT.tooManyRows(MAX_CSV_ROWS));

  const [places, codes] = await Promise.all([
    placeFinder(db),
    db
      .select({ code: locations.clientLocationId })
      .from(locations)
      .where(and(eq(locations.clientId, clientId), isNotNull(locations.clientLocationId))),
  ]);
  const taken = new Map(codes.map(({ code }) => [foldLocationCode(code!), code!]));
  const seen: SeenCodes = new Map();
  const seenRows = new Map<string, number>();
  const lines: string[] = [];
  const valid: { line: number; location: LocationInput }[] = [];
  const examples: string[] = [];
  for (const { cells, line } of data) {
    const result = csvRowToLocation(cells, line, clientId, places);
    if (!result.ok) {
      lines.push(...result.errors);
      // Its code still counts: the row repeating it is told so now, not once this one is mended.
      const clash = result.code === undefined ? null : codeClash(line, result.code, taken, seen);
      if (clash) lines.push(clash);
      // So does its name and address: a row repeating it (or repeated by it) is told so in this answer.
      const repeat = result.same && !clash ? repeatedRow(line, result.same, seenRows) : null;
      if (repeat) lines.push(repeat);
      continue;
    }
    // The template's example left in the file: a valid row that is nobody's point of sale.
    if (isExampleLocation(result.location)) {
      examples.push(EXAMPLE_TEXT.skipped(line));
      continue;
    }
    const code = result.location.clientLocationId;
    const clash = (code === null ? null : codeClash(line, code, taken, seen)) ?? repeatedRow(line, result.location, seenRows);
    if (clash) lines.push(clash);
    else valid.push({ line, location: result.location });
  }
  // Every error line (up to MAX_ERROR_LINES_SENT): the screen lists the first ones and downloads them all.
  if (lines.length) return { ok: false, lines: errorLinesToSend(lines), count: lines.length };

  const { created, known } = await db
    .transaction(async (tx) => {
      // Required attributes start at their default value, as in the form (spec 1 §4): read with the client
      // held, so that one made required meanwhile is either seen here or gives these rows its default.
      const client = await holdClientForLocations(tx, clientId);
      // Deactivated while the file was read: nothing is added to it (as the route refuses it up front).
      if (!client?.state) throw badRequest(LOCATION_TEXT.inactiveClient, { clientId: LOCATION_TEXT.inactiveClient });
      const { create, known } = await withoutKnown(tx, clientId, valid);
      const defaults = withRequiredDefaults([], await featuresOfClients(tx, [clientId]));
      const rows = create.map((r) => r.location);
      for (let start = 0; start < rows.length; start += CHUNK) await insertChunk(tx, clientId, rows.slice(start, start + CHUNK), defaults);
      await audit(tx, { userId, entity: 'client', entityId: clientId, action: 'import-locations', detail: { rows: rows.length, known: known.length } });
      return { created: rows.length, known };
    })
    .catch((error: unknown) => {
      // The codes were free when checked; another import (perhaps on another server) took one since.
      if (pgErrorCode(error) === '23505') throw new HttpError(409, CSV_TEXT.concurrentCodes);
      throw error;
    });
  await refreshEstimates(db, 'locations', created);
  return { ok: true, created, known: { lines: shown(known, CSV_TEXT.moreKnown), count: known.length }, examples: examples.slice(0, MAX_LINES_SHOWN) };
}

/** The first 500 lines, and how many more there are. */
function shown(lines: string[], more: (count: number) => string): string[] {
  const first = lines.slice(0, MAX_LINES_SHOWN);
  if (lines.length > first.length) first.push(more(lines.length - first.length));
  return first;
}

/**
 * The rows to write, without those that are points of sale the client already has (rows without a code,
 * by name and address). Read under a lock of the client's loads: two uploads of the same file at once
 * would each find the other's rows missing and write them both.
 */
async function withoutKnown(tx: Tx, clientId: number, rows: { line: number; location: LocationInput }[]) {
  if (rows.every((r) => r.location.clientLocationId)) return { create: rows, known: [] };
  await holdClientLocationNames(tx, clientId);
  const existing = await tx.select({ fullName: locations.fullName, street: locations.street, status: locations.status }).from(locations).where(eq(locations.clientId, clientId));
  return withoutKnownLocations(rows, existing);
}
