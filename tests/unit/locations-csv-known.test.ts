/** The bulk load of points of sale: which rows without a code are points of sale already met. */
import { describe, expect, it } from 'vitest';
import type { LocationInput } from '../../domain/locations';
import { CSV_TEXT, repeatedRow, sameLocationKey, withoutKnownLocations } from '../../domain/locationsCsv';

const row = (line: number, fullName: string, street: string, clientLocationId: string | null = null) => ({
  line,
  location: { fullName, street, clientLocationId } as LocationInput,
});

describe('a row without a code', () => {
  it('is the same point of sale as one of the client with its name and address, capitals, accents and spaces aside', () => {
    expect(sameLocationKey({ fullName: ' Kiosco  Sol ', street: 'AV. CÓRDOBA 1234' })).toBe(sameLocationKey({ fullName: 'kiosco sol', street: 'Av. Cordoba 1234' }));
    expect(sameLocationKey({ fullName: 'Kiosco Sol', street: 'Av. Córdoba 1234' })).not.toBe(sameLocationKey({ fullName: 'Kiosco Sol', street: 'Av. Córdoba 1235' }));
    // Name and address are two fields: moving a word from one to the other is another point of sale.
    expect(sameLocationKey({ fullName: 'Kiosco Sol Av.', street: 'Córdoba' })).not.toBe(sameLocationKey({ fullName: 'Kiosco Sol', street: 'Av. Córdoba' }));
  });

  it('that the client already has is not created again and is named, saying when that one is inactive', () => {
    const existing = [
      { fullName: 'Kiosco Sol', street: 'Av. Córdoba 1234', status: true },
      { fullName: 'Almacén Luna', street: 'San Martín 50', status: false },
    ];
    const rows = [row(2, 'KIOSCO SOL', 'av. cordoba 1234'), row(3, 'Kiosco Nuevo', 'Av. Córdoba 1234'), row(4, 'almacen luna', 'San Martin 50'), row(5, 'Kiosco Sol', 'Av. Córdoba 1234', 'K-9')];
    const { create, known } = withoutKnownLocations(rows, existing);
    // A row with a code is known by its code alone (checked apart): it is created.
    expect(create.map((r) => r.line)).toEqual([3, 5]);
    expect(known).toEqual([
      'Línea 2: "KIOSCO SOL" en "av. cordoba 1234" ya es un punto de venta del cliente; no se volvió a crear.',
      'Línea 4: "almacen luna" en "San Martin 50" ya es un punto de venta del cliente (inactivo: actívelo desde la lista); no se volvió a crear.',
    ]);
  });

  it('matching an active and an inactive point of sale is the active one', () => {
    const existing = [
      { fullName: 'Kiosco Sol', street: 'Calle 1', status: false },
      { fullName: 'Kiosco Sol', street: 'Calle 1', status: true },
    ];
    expect(withoutKnownLocations([row(2, 'Kiosco Sol', 'Calle 1')], existing).known).toEqual(['Línea 2: "Kiosco Sol" en "Calle 1" ya es un punto de venta del cliente; no se volvió a crear.']);
  });

  it('that repeats an earlier row of the file is an error of its line; rows with codes are told apart by them', () => {
    const seen = new Map<string, number>();
    const results = [row(2, 'Kiosco Sol', 'Calle 1'), row(3, 'Kiosco Sol', 'Calle 2'), row(4, 'kiosco sol', 'CALLE 1'), row(5, 'Kiosco Sol', 'Calle 1', 'K-1'), row(6, 'Bar', 'Calle 3', 'B-1'), row(7, 'bar', 'calle 3')].map(
      (r) => repeatedRow(r.line, r.location, seen),
    );
    expect(results).toEqual([
      null,
      null,
      'Línea 4: repite el punto de venta de la línea 2 (mismo nombre y dirección, y esta fila no tiene código): quítela o déle un código.',
      null,
      null,
      'Línea 7: repite el punto de venta de la línea 6 (mismo nombre y dirección, y esta fila no tiene código): quítela o déle un código.',
    ]);
  });
});

describe('the answer of a load with rows already there', () => {
  it('says what was loaded and what was not, in the singular and the plural, thousands dotted', () => {
    expect(CSV_TEXT.importedWithKnown(0, 1)).toBe('No se cargó ningún punto de venta: la fila del archivo es un punto de venta que el cliente ya tiene (mismo nombre y dirección).');
    expect(CSV_TEXT.importedWithKnown(0, 1200)).toBe('No se cargó ningún punto de venta: las 1.200 filas del archivo son puntos de venta que el cliente ya tiene (mismo nombre y dirección).');
    expect(CSV_TEXT.importedWithKnown(1, 2)).toBe('Se cargó 1 punto de venta; 2 filas sin código son puntos de venta que el cliente ya tiene (mismo nombre y dirección) y no se volvieron a crear.');
    expect(CSV_TEXT.importedWithKnown(3, 1)).toBe('Se cargaron 3 puntos de venta; 1 fila sin código es un punto de venta que el cliente ya tiene (mismo nombre y dirección) y no se volvió a crear.');
  });
});
