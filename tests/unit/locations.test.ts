/** The point-of-sale rules of domain/: the form's schema, e-mail lists, zone managers, the CSV rows. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addEmail,
  defaultFeatureValues,
  foldLocationCode,
  foldName,
  MAX_PATTERN_SIZE,
  patternSize,
  searchPatternProblem,
  LOCATION_TEXT,
  locationSchema,
  tagsNotOffered,
  toZoneManagerIds,
  withRequiredDefaults,
} from '../../domain/locations';
import { CASE_FROM, CASE_TO, FOLD_FROM } from '../../domain/fold';
import { CSV_COLUMNS, CSV_TEXT, csvRowToLocation, locationHeaderProblem, NOT_A_HEADER, type PlaceFinder, splitEmails } from '../../domain/locationsCsv';
import { csvTemplate } from '../../domain/locationsCsvTemplate';
import { fieldErrors, MSG, refusedKind } from '../../domain/validation';
import { withAssigned } from '../../src/resources/locations/values';

const valid = {
  clientId: 1,
  fullName: 'Local Centro',
  clientLocationName: 'OP-1',
  clientLocationId: 'LC-001',
  telephone: '3514123456',
  street: 'San Martín 100',
  zone: '',
  countryId: 1,
  stateId: 2,
  cityId: 3,
  latitude: '-31.4201',
  longitude: '-64.1888',
  linkSurveyMonkey: '',
  ownerId: '',
  zoneManagersIds: [],
  executive: 'Marta',
  emails: ['marta@local.com'],
  manager: 'Raúl',
  emailManager: 'raul@local.com',
  emailExecutive: 'marta@local.com',
  emailToNullCase: '',
  workDays: 'Lunes a viernes',
  openingHours: '09:00',
  closingHours: '18:00',
};

const errorsOf = (value: unknown) => {
  const result = locationSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the point-of-sale form', () => {
  it('accepts a complete location and turns its texts into values', () => {
    const parsed = locationSchema.parse(valid);
    expect(parsed).toMatchObject({ latitude: -31.4201, longitude: -64.1888, ownerId: null, zone: null, clientLocationId: 'LC-001', featureValues: [], keysValues: [] });
  });

  it('reads coordinates with a decimal comma, as the bulk load does; two marks are no coordinate', () => {
    expect(locationSchema.parse({ ...valid, latitude: '-34,6', longitude: '-58,38' })).toMatchObject({ latitude: -34.6, longitude: -58.38 });
    expect(errorsOf({ ...valid, latitude: '-34,6,1', longitude: '-58.3,8' })).toMatchObject({ latitude: MSG.latitude, longitude: MSG.longitude });
  });

  it('gives each rule its Spanish message', () => {
    expect(errorsOf({ ...valid, fullName: '  ', telephone: '12 34', clientLocationId: 'LC 1', latitude: '91', longitude: '-181', emailManager: 'x@', emailToNullCase: 'nulo' })).toMatchObject({
      fullName: MSG.required,
      telephone: MSG.phone,
      clientLocationId: LOCATION_TEXT.noSpaces,
      latitude: MSG.latitude,
      longitude: MSG.longitude,
      emailManager: MSG.email,
      emailToNullCase: MSG.email,
    });
    for (const field of ['street', 'executive', 'manager', 'workDays', 'openingHours', 'closingHours', 'clientLocationName']) {
      expect(errorsOf({ ...valid, [field]: '' })[field], field).toBe(MSG.required);
    }
  });

  it('asks for the telephone with Requerido when empty or blank, and for digits only once given', () => {
    for (const telephone of ['', '   ', '\t', undefined, null]) expect(errorsOf({ ...valid, telephone }).telephone, JSON.stringify(telephone)).toBe(MSG.required);
    for (const telephone of ['35-34', '+543514', 'abc', '1'.repeat(21)]) expect(errorsOf({ ...valid, telephone }).telephone, telephone).toBe(MSG.phone);
    expect(locationSchema.parse({ ...valid, telephone: ' 3514123456 ' }).telephone).toBe('3514123456');
  });

  it('asks for country, state and city with one message', () => {
    for (const missing of ['countryId', 'stateId', 'cityId']) {
      expect(errorsOf({ ...valid, [missing]: null }).geography).toBe(LOCATION_TEXT.geography);
    }
    expect(errorsOf({ ...valid, countryId: '', stateId: undefined }).geography).toBe(LOCATION_TEXT.geography);
  });

  it('needs one e-mail at least, each valid; duplicates are dropped', () => {
    expect(errorsOf({ ...valid, emails: [] }).emails).toBe(MSG.required);
    expect(errorsOf({ ...valid, emails: ['a@b.com', 'mal'] })['emails.1']).toBe(LOCATION_TEXT.emailList);
    expect(locationSchema.parse({ ...valid, emails: ['a@b.com', 'A@B.com', ' c@d.com '] }).emails).toEqual(['a@b.com', 'c@d.com']);
  });

  it('takes tags with the tag rules', () => {
    expect(errorsOf({ ...valid, keysValues: [{ key: '', value: 'x' }] })['keysValues.0.key']).toBe('Clave es requerida');
    expect(errorsOf({ ...valid, keysValues: [{ key: 'Región', value: ' ' }] })['keysValues.0.value']).toBe('Valor es requerido');
  });
});

describe('e-mail lists and zone managers', () => {
  it('adds an e-mail once whatever its case', () => {
    expect(addEmail(['a@b.com'], 'A@B.COM')).toEqual(['a@b.com']);
    expect(addEmail(['a@b.com'], ' c@d.com ')).toEqual(['a@b.com', 'c@d.com']);
    expect(addEmail([], '   ')).toEqual([]);
  });

  it('converts zone manager ids to integers and drops the rest', () => {
    expect(toZoneManagerIds(['7', 8, '8', 'x', 2.5, '', null, -1, '3.0', 2 ** 31])).toEqual([7, 8, 3]);
    expect(toZoneManagerIds(undefined)).toEqual([]);
    fc.assert(fc.property(fc.array(fc.anything()), (values) => toZoneManagerIds(values).every((n) => Number.isInteger(n) && n > 0)));
  });

  it('takes up to 500 zone managers, each once, at once; a longer list is refused before it is read', () => {
    const many = Array.from({ length: 500 }, (_, i) => String((i % 250) + 1));
    expect(locationSchema.parse({ ...valid, zoneManagersIds: many }).zoneManagersIds).toHaveLength(250);
    const huge = Array.from({ length: 130_000 }, (_, i) => i + 1);
    const started = performance.now();
    const refused = locationSchema.safeParse({ ...valid, zoneManagersIds: huge });
    expect(performance.now() - started).toBeLessThan(500);
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error!).zoneManagersIds).toBe('Máximo de 500 gerentes zonales');
    // The conversion itself stays linear (it was quadratic: 20 s for 130,000 ids).
    const at = performance.now();
    expect(toZoneManagerIds(huge)).toHaveLength(130_000);
    expect(performance.now() - at).toBeLessThan(500);
  });
});

describe('attribute defaults of a location', () => {
  const features = [
    { id: 1, isRequired: true, values: [{ id: 10, isDefault: false }, { id: 11, isDefault: true }] },
    { id: 2, isRequired: false, values: [{ id: 20, isDefault: true }] },
    { id: 3, isRequired: true, values: [{ id: 30, isDefault: true }] },
  ];
  it('starts a new location with every required attribute at its default', () => {
    expect(defaultFeatureValues(features)).toEqual([
      { featureId: 1, id: 11 },
      { featureId: 3, id: 30 },
    ]);
  });
  it('keeps the chosen values and completes only what is missing', () => {
    expect(withRequiredDefaults([{ id: 10 }, { id: 20 }, { id: 999 }], features)).toEqual([
      { featureId: 1, id: 10 },
      { featureId: 2, id: 20 },
      { featureId: 3, id: 30 },
    ]);
  });
});

describe('the search pattern and place names', () => {
  it('tells valid regular expressions from invalid ones', () => {
    expect(searchPatternProblem('^CAF-0[12]$')).toBeNull();
    expect(searchPatternProblem('(')).toBe(LOCATION_TEXT.invalidSearch);
    expect(searchPatternProblem('[a-')).toBe(LOCATION_TEXT.invalidSearch);
    expect(searchPatternProblem('x'.repeat(201))).toBe(LOCATION_TEXT.invalidSearch);
  });
  it('refuses a back-reference, which makes the database backtrack, and only that', () => {
    for (const pattern of ['^(.*)*(.*)*\\1\\2$', '(a)\\1', '([a-z])[\\1]', '(x)\\9']) expect(searchPatternProblem(pattern), pattern).toBe(LOCATION_TEXT.backReference);
    for (const pattern of ['\\\\1', 'CAF-\\d+', '\\.1', '(CAF|HEL)-0[0-9]{2}', 'a\\\\\\\\1']) expect(searchPatternProblem(pattern), pattern).toBeNull();
    expect(searchPatternProblem('(')).toBe(LOCATION_TEXT.invalidSearch);
  });
  it('refuses counted repetitions that would take the database long to build, nested above all', () => {
    // (.{0,120}){0,120} kept the embedded database (PGlite, in the server's own thread) ten seconds and
    // then answered nothing more; (.{0,60}){0,60} 130 ms of every other request's time.
    for (const pattern of ['(.{0,120}){0,120}x', '(.{0,60}){0,60}x', '((a{0,20}){0,20}){0,20}', '(.{0,40}){0,40}(.{0,40}){0,40}', '(?:[a-z]{10,}){255}'])
      expect(searchPatternProblem(pattern), pattern).toBe(LOCATION_TEXT.tooComplex);
    for (const pattern of ['.{0,255}', '.{0,255}.{0,255}.{0,255}x', '(.{0,40}){0,40}', '(CAF|HEL)-0[0-9]{2}', '[{]{3}', '\\{99}', '^A(B|C)*$', '(ab|cd){0,100}x', 'x{1000}'])
      expect(searchPatternProblem(pattern), pattern).toBeNull();
  });
  it('measures a pattern by what its counts copy', () => {
    expect(patternSize('abc')).toBe(3);
    expect(patternSize('a{3}')).toBe(3);
    expect(patternSize('(ab){2,5}c')).toBe(11);
    expect(patternSize('((a{0,10}){0,10}){0,10}')).toBe(1000);
    expect(patternSize('[a-z{}]{4}')).toBe(4);
    expect(patternSize('a|b|c')).toBe(3);
    expect(patternSize('a*b+c?')).toBe(3);
    expect(patternSize('(.{0,60}){0,60}')).toBeGreaterThan(MAX_PATTERN_SIZE);
  });
  it('folds case, accents and spaces', () => {
    expect(foldName('  Río   Cuarto ')).toBe(foldName('rio cuarto'));
    expect(foldName('CÓRDOBA')).toBe('cordoba');
    expect(foldName('São Paulo')).toBe('sao paulo');
  });
});

describe('client location codes, compared regardless of capitals and surrounding spaces', () => {
  it('folds ASCII and accented capitals and trims spaces, tabs and line breaks, nothing else', () => {
    expect(foldLocationCode('SUC-01')).toBe('suc-01');
    expect(foldLocationCode(' Suc-01\t\r\n')).toBe('suc-01');
    expect(foldLocationCode('ÑANDÚ-ÇÃO-ÀÉÎÕÜ')).toBe('ñandú-ção-àéîõü');
    // Inner spaces count (the form refuses them anyway); other scripts are left as written, as the index does.
    expect(foldLocationCode('SUC 01')).toBe('suc 01');
    expect(foldLocationCode('ΣΑ-ＳＵＣ')).toBe('ΣΑ-ＳＵＣ');
    expect(foldLocationCode('')).toBe('');
  });

  it('lowers the capitals of every Latin alphabet, and only their case: accents and letters stay apart', () => {
    expect(foldLocationCode('SUC-Ø1')).toBe(foldLocationCode('suc-ø1'));
    expect(foldLocationCode('ŁÓDŹ-1')).toBe('łódź-1');
    expect(foldLocationCode('ŐRSÉG-Ş-Ț-Ơ-Ə')).toBe('őrség-ş-ț-ơ-ə');
    expect(foldLocationCode('STRAẞE')).toBe('straße');
    expect(foldLocationCode('ΣΑ-İ')).toBe('ΣΑ-i');
    expect(foldLocationCode('SUÇ')).not.toBe(foldLocationCode('SUC'));
    expect(foldLocationCode('ŁODZ')).not.toBe(foldLocationCode('LODZ'));
    expect(foldLocationCode('STRASSE')).not.toBe(foldLocationCode('STRAẞE'));
  });

  it('lowers each capital of the letter table to its pair, as Unicode lowers it, and leaves the lower-case letters', () => {
    const capitals = [...CASE_FROM];
    const lowered = [...CASE_TO];
    expect(lowered).toHaveLength(capitals.length);
    // Every capital campo_fold knows is in the table; the table's pair is Unicode's simple lower case.
    expect(capitals).toEqual([...FOLD_FROM].filter((c) => c.toLowerCase() !== c));
    capitals.forEach((capital, i) => {
      const named = `${capital} U+${capital.codePointAt(0)!.toString(16)}`;
      expect(lowered[i], named).toBe(capital === 'İ' ? 'i' : capital.toLowerCase());
      expect(foldLocationCode(capital), named).toBe(lowered[i]);
      expect(foldLocationCode(lowered[i]), named).toBe(lowered[i]);
    });
    for (const letter of [...FOLD_FROM].filter((c) => !capitals.includes(c))) expect(foldLocationCode(letter), letter).toBe(letter);
  });

  it('makes two codes one exactly when they differ only in those capitals and outer spaces', () => {
    const letters = fc.constantFrom(...'aAbBzZñÑéÉüÜçÇøØłŁźŹőŐșȘơƠ-0 '.split(''));
    fc.assert(
      fc.property(fc.array(letters, { maxLength: 12 }).map((l) => l.join('')), (code) => {
        const folded = foldLocationCode(code);
        expect(foldLocationCode(folded)).toBe(folded);
        expect(foldLocationCode(` ${code.toUpperCase()} `)).toBe(foldLocationCode(code.toLowerCase()));
      }),
    );
  });
});

describe('the tags a location may be given', () => {
  const offered = [
    { key: 'CUY', value: 'Cuyo' },
    { key: 'SHOP', value: 'Shopping' },
  ];

  it('are the pairs the active groups offer, key and value as they are written there', () => {
    expect(tagsNotOffered([{ key: 'CUY', value: 'Cuyo' }], offered)).toEqual([]);
    expect(tagsNotOffered([{ key: 'CUY', value: 'Shopping' }, { key: 'cuy', value: 'Cuyo' }, { key: 'X', value: 'Y' }, { key: 'X', value: 'Y' }], offered)).toEqual([
      { key: 'CUY', value: 'Shopping' },
      { key: 'cuy', value: 'Cuyo' },
      { key: 'X', value: 'Y' },
    ]);
  });

  it('and the ones the location already has, whose group is inactive or changed since', () => {
    const kept = [{ key: 'MAY', value: 'Mayorista' }];
    expect(tagsNotOffered([...kept, { key: 'SHOP', value: 'Shopping' }], offered, kept)).toEqual([]);
    expect(tagsNotOffered([{ key: 'MIN', value: 'Minorista' }], offered, kept)).toEqual([{ key: 'MIN', value: 'Minorista' }]);
    expect(LOCATION_TEXT.invalidTags([{ key: 'MIN', value: 'Minorista' }])).toBe('Este tag no es de ningún grupo de tags activo: MIN: Minorista.');
  });
});

describe('the CSV template and its rows', () => {
  const places: PlaceFinder = {
    country: (name) => (foldName(name) === 'argentina' ? 1 : null),
    state: (_, name) => (foldName(name) === 'cordoba' ? 2 : null),
    city: (_, name) => (foldName(name) === 'rio cuarto' ? 3 : null),
  };
  const row = (over: Record<string, string> = {}) => {
    const base: Record<string, string> = {
      Nombre: 'Local Río Cuarto',
      'ID Operativo': 'OP-9',
      'Código de Locación del Cliente': 'RC-9',
      Teléfono: '3584123456',
      Dirección: 'Constitución 840',
      Zona: 'Sur',
      País: 'ARGENTINA',
      'Estado/Provincia': 'cordoba',
      Ciudad: 'Rio Cuarto',
      Latitud: '-33,1232',
      Longitud: '-64.3493',
      Ejecutivo: 'Marta',
      Emails: 'marta@local.com; calidad@local.com',
      Encargado: 'Raúl',
      'Email del encargado': 'raul@local.com',
      'Días de trabajo': 'Lunes a sábado',
      'Horario de apertura': '09:00',
      'Horario de cierre': '21:00',
      ...over,
    };
    return CSV_COLUMNS.map((c) => base[c.header]);
  };

  it('has the 18 columns of spec 1 §9 in order, with a BOM for spreadsheets', () => {
    expect(CSV_COLUMNS.map((c) => c.field)).toEqual([
      'fullName', 'clientLocationName', 'clientLocationId', 'telephone', 'street', 'zone', 'country', 'state', 'city',
      'latitude', 'longitude', 'executive', 'emails', 'manager', 'emailManager', 'workDays', 'openingHours', 'closingHours',
    ]);
    const template = csvTemplate();
    expect(template.startsWith('\uFEFF')).toBe(true);
    const header = template.slice(1).split('\r\n')[0].split(';');
    expect(locationHeaderProblem(header)).toBeNull();
    expect(locationHeaderProblem(header.map((h) => h.toUpperCase()))).toBeNull();
    // A wrong header names its column: misspelled, missing, extra; a first row of data is no header.
    const misspelled = [...header];
    misspelled[9] = 'Latitúd X';
    expect(locationHeaderProblem(misspelled)).toBe('Línea 1: la columna 10 debe ser "Latitud" y es "Latitúd X" (use la plantilla).');
    expect(locationHeaderProblem(header.slice(0, -1))).toBe('Línea 1: falta la columna "Horario de cierre" (use la plantilla).');
    expect(locationHeaderProblem([...header, 'Notas'])).toBe('Línea 1: la columna 19 ("Notas") no es de la plantilla.');
    expect(locationHeaderProblem(['Farmacia Centro', 'F-1', 'COD-1'])).toBe(NOT_A_HEADER);
    expect(CSV_TEXT.fileName).toBe('puntos_de_venta.csv');
  });

  it('turns a good row into a location, places matched by name and the first e-mail as the executive’s', () => {
    const result = csvRowToLocation(row(), 2, 5, places);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.location).toMatchObject({ clientId: 5, countryId: 1, stateId: 2, cityId: 3, latitude: -33.1232, emails: ['marta@local.com', 'calidad@local.com'], emailExecutive: 'marta@local.com' });
    }
  });

  it('names the line and the column of each problem', () => {
    // A bad row still gives its code when that cell is fine: a later row repeating it is told so at once.
    const at = (header: string) => row()[CSV_COLUMNS.findIndex((c) => c.header === header)];
    const code = at('Código de Locación del Cliente');
    // …and so its name and address, when they are fine: a row repeating them is told so at once too.
    const same = { fullName: at('Nombre'), street: at('Dirección'), clientLocationId: code };
    const bad = csvRowToLocation(row({ Emails: 'mal@', Teléfono: 'abc', Nombre: '' }), 3, 5, places);
    expect(bad).toEqual({ ok: false, errors: ['Línea 3: Requerido (Nombre)', 'Línea 3: Número de teléfono es inválido (Teléfono)', 'Línea 3: Email inválido (Emails)'], code });
    expect(csvRowToLocation(row({ 'Estado/Provincia': 'Atlántida' }), 4, 5, places)).toEqual({ ok: false, errors: ['Línea 4: no existe "Atlántida" en ARGENTINA (Estado/Provincia)'], code, same });
    expect(csvRowToLocation(row({ País: '' }), 5, 5, places)).toEqual({ ok: false, errors: [`Línea 5: ${LOCATION_TEXT.geography} (País, Estado/Provincia y Ciudad)`], code, same });
    expect(csvRowToLocation(row().slice(0, 3), 6, 5, places)).toEqual({ ok: false, errors: ['Línea 6: se esperaban 18 columnas y hay 3.'] });
    expect(csvRowToLocation(row({ Teléfono: '' }), 7, 5, places)).toEqual({ ok: false, errors: ['Línea 7: Requerido (Teléfono)'], code, same });
    // A code that is itself wrong is not one to compare, nor the row by its name and address.
    const wrongCode = csvRowToLocation(row({ 'Código de Locación del Cliente': 'CON ESPACIO', Teléfono: '' }), 8, 5, places);
    expect(wrongCode).not.toHaveProperty('code');
    expect(wrongCode).not.toHaveProperty('same');
    expect(csvRowToLocation(row({ 'Código de Locación del Cliente': '', Teléfono: '' }), 9, 5, places)).toEqual({ ok: false, errors: ['Línea 9: Requerido (Teléfono)'], same: { ...same, clientLocationId: null } });
    // Its code as a valid row stores it: an invisible character inside is none, the repeat is told at once.
    const hidden = `${code.slice(0, 2)}\u200b${code.slice(2)}`;
    expect(csvRowToLocation(row({ 'Código de Locación del Cliente': hidden, Teléfono: '' }), 10, 5, places)).toEqual({ ok: false, errors: ['Línea 10: Requerido (Teléfono)'], code, same });
  });

  it('takes the empty columns a spreadsheet leaves after the last one for nothing, and still refuses a titled one', () => {
    // Excel writes every row with the empty columns of a cell once typed past 'Horario de cierre' and deleted.
    const header = csvTemplate().slice(1).split('\r\n')[0].split(';');
    expect(locationHeaderProblem([...header, '', ' '])).toBeNull();
    expect(csvRowToLocation([...row(), '', ''], 2, 5, places).ok).toBe(true);
    // Text past the template is data that would be lost: refused, naming the titled column, not the empty one before it.
    expect(locationHeaderProblem([...header, '', 'Notas'])).toBe('Línea 1: la columna 20 ("Notas") no es de la plantilla.');
    expect(csvRowToLocation([...row(), '', 'nota'], 3, 5, places)).toEqual({ ok: false, errors: ['Línea 3: se esperaban 18 columnas y hay 20.'] });
  });

  it('splits the e-mails cell on spaces, commas, semicolons and bars', () => {
    expect(splitEmails(' a@b.com, c@d.com;e@f.com | g@h.com ')).toEqual(['a@b.com', 'c@d.com', 'e@f.com', 'g@h.com']);
  });

  it('says how many were loaded, in the singular for one', () => {
    expect(CSV_TEXT.imported(1)).toBe('Se cargó 1 punto de venta.');
    expect(CSV_TEXT.imported(25)).toBe('Se cargaron 25 puntos de venta.');
  });

  it('names the type a file picker refuses', () => {
    expect(CSV_TEXT.unsupportedType('application/pdf')).toBe('application/pdf no es un formato soportado.');
    expect(CSV_TEXT.unsupportedDrop).toBe('Formato de archivo no soportado');
  });

  it("names a refused file's type, or its extension when the type is one accepted or says nothing", () => {
    const csv = ['text/csv', 'text/plain'];
    expect(refusedKind('locales.pdf', 'application/pdf', csv)).toBe('application/pdf');
    // The name refused it: 'text/plain no es un formato soportado.' read as if CSV files were refused.
    expect(refusedKind('locales.txt', 'text/plain', csv)).toBe('.txt');
    expect(refusedKind('locales.txt', 'TEXT/CSV', csv)).toBe('.txt');
    expect(refusedKind('locales.xlsx', '', csv)).toBe('.xlsx');
    expect(refusedKind('locales.bin', 'application/octet-stream', csv)).toBe('.bin');
    expect(refusedKind('locales', '', csv)).toBe('El archivo');
  });
});

describe('the owner and zone manager choices of a location', () => {
  const active = [{ id: 4, name: 'Franco Franquicia' }];
  it('adds the people the location has that are no longer active, by name and marked', () => {
    expect(withAssigned(active, [{ id: 4, fullName: 'Franco Franquicia' }, { id: 9, fullName: 'Olga Saliente' }])).toEqual([
      { id: 4, name: 'Franco Franquicia' },
      { id: 9, name: 'Olga Saliente (inactivo)' },
    ]);
  });

  it('shows them unmarked while the active ones are loading', () => {
    expect(withAssigned(undefined, [{ id: 9, fullName: 'Olga Saliente' }])).toEqual([{ id: 9, name: 'Olga Saliente' }]);
    expect(withAssigned(active, [])).toEqual(active);
  });
});
