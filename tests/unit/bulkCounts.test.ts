/**
 * What the long work says of its counts (loads, mass assignment, mass payment): thousands dotted as the
 * pager and the export notice write them ('20.000', not '20000'), one in the singular.
 */
import { describe, expect, it } from 'vitest';
import { ASSIGN_TEXT } from '../../domain/assignment';
import { CLIENTS_CSV_TEXT, csvRowToClient } from '../../domain/clientsCsv';
import { CSV_TEXT, errorLinesToSend } from '../../domain/locationsCsv';
import { PAYMENT_TEXT } from '../../domain/payments';
import { IMPORT_TEXT } from '../../domain/webUsersImport';

describe('the counts of bulk loads and mass actions', () => {
  it('dots the thousands of a CSV load’s summary and its errors', () => {
    expect(CSV_TEXT.imported(20_000)).toBe('Se cargaron 20.000 puntos de venta.');
    expect(CSV_TEXT.imported(1)).toBe('Se cargó 1 punto de venta.');
    expect(CSV_TEXT.hasErrors(19_979)).toBe('El archivo tiene 19.979 errores: no se cargó ningún punto de venta.');
    expect(CSV_TEXT.moreErrors(19_479)).toBe('… y 19.479 errores más.');
    expect(CLIENTS_CSV_TEXT.imported(5_000)).toBe('Se cargaron 5.000 clientes.');
    expect(CLIENTS_CSV_TEXT.hasErrors(1_200)).toBe('El archivo tiene 1.200 errores: no se cargó ningún cliente.');
  });

  it('dots the thousands of the users’ load', () => {
    expect(IMPORT_TEXT.tooManyRows).toBe('El archivo supera el máximo de 10.000 filas.');
    expect(IMPORT_TEXT.ready(9_000)).toBe('Archivo listo para subir: 9.000 filas.');
    expect(IMPORT_TEXT.confirm(10_000, 'Acme')).toBe('Se crearán 10.000 usuarios para el cliente Acme. ¿Desea continuar?');
    expect(IMPORT_TEXT.done(10_000)).toBe('Se importaron 10.000 usuarios.');
    expect(IMPORT_TEXT.moreRowErrors(2_979)).toBe('… y 2.979 filas más con errores.');
  });

  it('dots the thousands of a mass assignment and a mass payment', () => {
    expect(ASSIGN_TEXT.willAssign(5_000)).toBe('Se asignarán 5.000 moves.');
    expect(ASSIGN_TEXT.assigned(10_000, 'Ana')).toBe('Se asignaron 10.000 moves a Ana.');
    expect(ASSIGN_TEXT.skipped(1_500)).toMatch(/^1\.500 no se pudieron asignar/);
    expect(ASSIGN_TEXT.filterTooBig(10_000)).toBe('El filtro abarca más de 10.000 moves: acótelo para asignarlas.');
    expect(PAYMENT_TEXT.tooMany(1_000)).toBe('Se pueden pagar hasta 1.000 transacciones por vez.');
  });
});

describe("a clients' CSV row", () => {
  const row = (contactUrl: string) => ['Ópticas del Sur', 'Mitre 742, Córdoba', '3514123456', 'calidad@sur.com.ar', '', '', 'https://sur.com.ar/reclamos', contactUrl, ''];
  it('says one problem per cell, as the form says one per field: an empty URL is required, not also an invalid address', () => {
    const empty = csvRowToClient(row(''), 8, () => null);
    expect(empty.ok).toBe(false);
    const errors = (empty as { errors: string[] }).errors;
    expect(errors.filter((e) => e.endsWith('(URL de contacto)'))).toEqual(['Línea 8: Requerido (URL de contacto)']);
    expect((csvRowToClient(row('no es una dirección'), 8, () => null) as { errors: string[] }).errors).toEqual(['Línea 8: Dirección web inválida. Ej www.campo.com/ (URL de contacto)']);
    expect(csvRowToClient(row('https://sur.com.ar/contacto'), 8, () => null).ok).toBe(true);
  });
});

describe('the error lines a refused load sends', () => {
  it('sends every line, in order, up to 50,000 lines and 2,000,000 characters, and never none', () => {
    const short = Array.from({ length: 60_000 }, (_, i) => `Línea ${i + 2}: Requerido (Nombre)`);
    const sent = errorLinesToSend(short);
    expect(sent).toHaveLength(50_000);
    expect(sent.at(-1)).toBe('Línea 50001: Requerido (Nombre)');
    expect(errorLinesToSend(short.slice(0, 600))).toEqual(short.slice(0, 600));
    // Lines quoting cells of 10,000 characters: 200 of them fill the answer.
    const long = Array.from({ length: 300 }, (_, i) => `Línea ${i + 2}: ${'x'.repeat(10_000 - 10)}`.slice(0, 10_000));
    expect(errorLinesToSend(long)).toHaveLength(200);
    // One line past the whole allowance still goes: the answer names at least one error.
    expect(errorLinesToSend(['x'.repeat(3_000_000), 'y'])).toHaveLength(1);
  });
});
