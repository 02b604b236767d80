/** The web users' shared rules: the form's schemas, the client-by-role rule, the bulk file checks. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { CLIENT_SIDE, ROLE, ROLE_IDS, ROLES_WITH_CLIENT } from '../../domain/roles';
import { fieldErrors, MSG } from '../../domain/validation';
import {
  clientForRole,
  hasDashboardLinks,
  roleActions,
  updatedUser,
  usersExportName,
  WEB_ROLES,
  WEB_USER_EXPORT,
  WEB_USER_TEXT,
  webUserEditSchema,
  webUserSchema,
  webUserUpdateSchema,
  type WebUserValues,
} from '../../domain/webUsers';
import {
  BULK_COLUMNS,
  checkHeader,
  checkSheet,
  IMPORT_TEXT,
  isSpreadsheetFile,
  parseRole,
  readableRange,
  readBulkFile,
  type SheetReader,
  validateRows,
  ROW_PROBLEMS_SEPARATOR,
} from '../../domain/webUsersImport';

const user = (overrides: Record<string, unknown> = {}) => ({
  names: 'Rosa',
  lastName: 'Benavídez',
  email: 'rosa@andinos.com.ar',
  primaryPhone: '2614556677',
  password: 'Secreta#2026',
  linkSurveyMonkey: '',
  rolId: ROLE.CLIENT,
  clientId: 3,
  actions: [1],
  ...overrides,
});
const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));

describe('the user form schema', () => {
  it('accepts a complete client user and normalises its optional fields', () => {
    const parsed = webUserSchema.parse(user());
    expect(parsed).toMatchObject({ clientId: 3, linkSurveyMonkey: null, status: true, sendWhatsappNotification: false, actions: [1] });
  });

  it('requires names, last name, e-mail, role and, on create, the password', () => {
    expect(errorsOf(webUserSchema.safeParse({}))).toMatchObject({ names: MSG.required, lastName: MSG.required, email: MSG.required, rolId: MSG.required, password: MSG.required });
    expect(errorsOf(webUserSchema.safeParse(user({ email: 'rosa@', password: 'abcdefgh' })))).toEqual({ email: MSG.email, password: MSG.password });
  });

  it('checks the phone (digits only) and the survey link (a URL) only when given', () => {
    expect(errorsOf(webUserSchema.safeParse(user({ primaryPhone: '011 15 4444-5555', linkSurveyMonkey: 'encuesta' })))).toEqual({ primaryPhone: MSG.phone, linkSurveyMonkey: MSG.url });
    expect(webUserSchema.parse(user({ primaryPhone: '', linkSurveyMonkey: null })).primaryPhone).toBeNull();
  });

  it('keeps the old password on edit when empty, and checks a new one', () => {
    expect(webUserEditSchema.parse(user({ password: '' })).password).toBeUndefined();
    expect(errorsOf(webUserEditSchema.safeParse(user({ password: 'corta1!' })))).toEqual({ password: MSG.password });
    expect(webUserUpdateSchema.parse({ ...user({ password: null }), id: 9 })).toMatchObject({ id: 9, password: undefined });
  });

  it('leaves out of an update what was not sent, so that the stored value stays', () => {
    expect(webUserUpdateSchema.parse({ id: 9, names: 'Eva' })).toEqual({ id: 9, names: 'Eva' });
    const stored: WebUserValues = {
      names: 'Rosa',
      lastName: 'Benavídez',
      email: 'rosa@andinos.com.ar',
      primaryPhone: '2614556677',
      linkSurveyMonkey: null,
      checklistAccessUrl: 'https://checklist.campo.test/s/3',
      checkerAccessToken: null,
      rolId: ROLE.CLIENT,
      clientId: 3,
      status: false,
      sendWhatsappNotification: true,
      actions: [1],
    };
    expect(updatedUser(stored, { names: 'Eva' })).toEqual({ user: { ...stored, names: 'Eva' } });
    expect(updatedUser(stored, { primaryPhone: null, sendWhatsappNotification: false, rolId: ROLE.GETTER })).toEqual({
      user: { ...stored, primaryPhone: null, sendWhatsappNotification: false, rolId: ROLE.GETTER, clientId: null, actions: [], checklistAccessUrl: null },
    });
    expect(updatedUser({ ...stored, clientId: null, rolId: ROLE.GETTER }, { rolId: ROLE.FRANCHISE })).toEqual({ errors: { clientId: WEB_USER_TEXT.clientRequired } });
    expect(updatedUser({ ...stored, rolId: null }, { names: 'Eva' })).toEqual({ errors: { rolId: MSG.required } });
  });

  it('asks for a phone, on the phone field, when the user gets WhatsApp notifications', () => {
    const needsPhone = { primaryPhone: WEB_USER_TEXT.whatsappNeedsPhone };
    for (const schema of [webUserSchema, webUserEditSchema]) {
      expect(errorsOf(schema.safeParse(user({ primaryPhone: '', sendWhatsappNotification: true })))).toEqual(needsPhone);
      expect(errorsOf(schema.safeParse(user({ primaryPhone: null, sendWhatsappNotification: true, names: '' })))).toEqual({ ...needsPhone, names: MSG.required });
      expect(schema.safeParse(user({ primaryPhone: '', sendWhatsappNotification: false })).success).toBe(true);
    }
    const stored: WebUserValues = { names: 'Rosa', lastName: 'Paz', email: 'rosa@paz.com', primaryPhone: '2614556677', linkSurveyMonkey: null, checklistAccessUrl: null, checkerAccessToken: null, rolId: ROLE.GETTER, clientId: null, status: true, sendWhatsappNotification: true, actions: [] };
    // Removing the phone of a user who gets them, or turning them on for one without a phone.
    expect(updatedUser(stored, { primaryPhone: null })).toEqual({ errors: needsPhone });
    expect(updatedUser({ ...stored, primaryPhone: null, sendWhatsappNotification: false }, { sendWhatsappNotification: true })).toEqual({ errors: needsPhone });
    expect(updatedUser(stored, { primaryPhone: null, sendWhatsappNotification: false })).toMatchObject({ user: { primaryPhone: null, sendWhatsappNotification: false } });
  });

  it("keeps the dashboard's two links for the roles that see the dashboard, checked as links, and drops them for the others", () => {
    const links = { checklistAccessUrl: 'https://checklist.campo.test/s/3', checkerAccessToken: 'checker.campo.test/h/3' };
    expect(errorsOf(webUserSchema.safeParse(user({ checklistAccessUrl: 'supervision', checkerAccessToken: 'javascript:alert(1)' })))).toEqual({ checklistAccessUrl: MSG.url, checkerAccessToken: MSG.url });
    expect(webUserSchema.parse(user({ checklistAccessUrl: ' ', checkerAccessToken: undefined }))).toMatchObject({ checklistAccessUrl: null, checkerAccessToken: null });
    for (const rolId of ROLE_IDS) {
      const parsed = webUserSchema.parse(user({ rolId, ...links }));
      const kept = CLIENT_SIDE.includes(rolId);
      expect(hasDashboardLinks(rolId), String(rolId)).toBe(kept);
      expect(parsed, String(rolId)).toMatchObject(kept ? links : { checklistAccessUrl: null, checkerAccessToken: null });
    }
    expect(hasDashboardLinks(null)).toBe(false);
    expect(errorsOf(webUserUpdateSchema.safeParse({ id: 9, checkerAccessToken: 'historial' }))).toEqual({ checkerAccessToken: MSG.url });
  });

  it('shows the missing client even while other fields have errors', () => {
    expect(errorsOf(webUserSchema.safeParse(user({ names: '', clientId: null })))).toEqual({ names: MSG.required, clientId: WEB_USER_TEXT.clientRequired });
  });
});

describe('the client-by-role rule', () => {
  it('requires a client exactly for roles 5, 6, 14 and 15, and clears it for the others', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLE_IDS), fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }), (rolId, clientId) => {
        const result = webUserSchema.safeParse(user({ rolId, clientId }));
        const needs = ROLES_WITH_CLIENT.includes(rolId);
        if (needs && clientId === null) expect(errorsOf(result)).toEqual({ clientId: WEB_USER_TEXT.clientRequired });
        else expect(result.success && result.data.clientId).toBe(needs ? clientId : null);
        expect(clientForRole(rolId, clientId)).toBe(needs ? clientId : null);
      }),
    );
  });

  it('keeps only the actions the role may be granted', () => {
    expect(roleActions(ROLE.CLIENT)).toEqual([{ actionId: 1, description: 'Descargar video mystery' }]);
    expect(roleActions(ROLE.ADMIN)).toEqual([]);
    expect(webUserSchema.parse(user({ rolId: ROLE.FRANCHISE, actions: [1, 1, 7] })).actions).toEqual([1]);
    expect(webUserSchema.parse(user({ rolId: ROLE.GETTER, actions: [1] })).actions).toEqual([]);
  });

  it('describes the 15 roles', () => {
    expect(WEB_ROLES).toHaveLength(15);
    expect(WEB_ROLES.find((r) => r.id === ROLE.ZONE_MANAGER)?.description).toBe('Gerente zonal');
  });
});

describe('exports', () => {
  it('names the files usuarios with the local date and time', () => {
    expect(usersExportName(new Date('2026-11-22T15:30:00-03:00'))).toBe('usuarios_20261122_1530');
    expect(usersExportName(new Date('2027-01-05T09:07:59-03:00'))).toBe('usuarios_20270105_0907');
    // In Argentina, whatever the browser's clock: 00:43 UTC of the 5th is 21:43 of the 4th there.
    expect(usersExportName(new Date('2026-12-05T00:43:00Z'))).toBe('usuarios_20261204_2143');
  });

  it('has the ten export fields of the spec', () => {
    expect(WEB_USER_EXPORT.map((f) => f.label)).toEqual(['Id', 'Email', 'Nombres', 'Apellido', 'Rol', 'Teléfono', 'Estado', 'Cliente', 'Link de encuesta', 'Notificación por WhatsApp']);
  });
});

describe('the bulk file header', () => {
  it('accepts exactly Nombre, Apellido, Email, Telefono, Rol (untitled cells after them aside)', () => {
    expect(checkHeader([...BULK_COLUMNS])).toBeNull();
    expect(checkHeader([' Nombre ', 'Apellido', 'Email', 'Telefono', 'Rol', null, ' '])).toBeNull();
  });

  it('refuses a titled column after the five: its data would be left out without a word', () => {
    expect(checkHeader([' Nombre ', 'Apellido', 'Email', 'Telefono', 'Rol', 'Notas'])).toBe(
      'La columna en la posición 6 (Notas) no es de la plantilla: la hoja lleva exactamente Nombre, Apellido, Email, Telefono, Rol.',
    );
    expect(checkHeader([...BULK_COLUMNS, null, 'Sucursal'])).toBe(IMPORT_TEXT.extraColumn(7, 'Sucursal'));
  });

  it('names the first missing or misspelled column', () => {
    expect(checkHeader(['Nombre', 'Apellido', 'E-mail', 'Telefono', 'Rol'])).toBe('Columna Email faltante o mal escrita.');
    expect(checkHeader(['Nombre', 'Apellido', 'Email', 'Teléfono', 'Rol'])).toBe('Columna Telefono faltante o mal escrita.');
    expect(checkHeader(['nombre', 'Apellido', 'Email', 'Telefono', 'Rol'])).toBe('Columna Nombre faltante o mal escrita.');
    expect(checkHeader([])).toBe('Columna Nombre faltante o mal escrita.');
  });

  it('names the first position out of order', () => {
    expect(checkHeader(['Nombre', 'Apellido', 'Email', 'Rol', 'Telefono'])).toBe('La columna en la posición 4 debe ser exactamente Telefono.');
    expect(checkHeader(['', 'Nombre', 'Apellido', 'Email', 'Telefono', 'Rol'])).toBe('La columna en la posición 1 debe ser exactamente Nombre.');
  });

  it('finds a missing column wherever the header has it', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...BULK_COLUMNS], { minLength: 0, maxLength: 4 }), (kept) => {
        const missing = BULK_COLUMNS.find((c) => !kept.includes(c))!;
        expect(checkHeader(kept)).toBe(IMPORT_TEXT.missingColumn(missing));
      }),
    );
  });
});

describe('the bulk file rows', () => {
  const header = [...BULK_COLUMNS];
  it('refuses an empty sheet or one with only its header, and a blank row between rows', () => {
    expect(checkSheet([])).toEqual({ error: IMPORT_TEXT.empty });
    expect(checkSheet([header, [null, '', ' ']])).toEqual({ error: IMPORT_TEXT.empty });
    expect(checkSheet([header, ['A', 'B', 'a@b.com', '', 1], [null, null, null, null, null], ['C', 'D', 'c@d.com', '', 1]])).toEqual({ error: IMPORT_TEXT.blankRow(3) });
    const invalid = [{}, [], true, undefined, Number.NaN];
    expect(checkSheet([header, ['A', 'B', 'a@b.com', '', 1], invalid, ['C', 'D', 'c@d.com', '', 1]])).toEqual({ error: IMPORT_TEXT.blankRow(3) });
  });

  it('names the first blank row between rows, as the spreadsheet numbers it (the header is row 1)', () => {
    // In a sheet of 10.000 rows, 'Al menos una fila…' alone left the user to look for it.
    const rows = [header, ['A', 'B', 'a@b.com', '', 1], ['C', 'D', 'c@d.com', '', 1], [null, '', ' '], [], ['E', 'F', 'e@f.com', '', 1]];
    expect(checkSheet(rows)).toEqual({ error: 'Al menos una fila tiene todos sus valores vacíos o no válidos. Es la fila 4: bórrela o complétela.' });
  });

  it('reads rows as text with their spreadsheet row number, skipping trailing blank rows', () => {
    expect(checkSheet([header, ['Ana', 'Paz', 'ana@paz.com', 2614556677, 'Cliente'], [], [null]])).toEqual({
      rows: [{ row: 2, names: 'Ana', lastName: 'Paz', email: 'ana@paz.com', phone: '2614556677', role: 'Cliente' }],
    });
  });

  it('reads the role as its number or its name, accents and case aside', () => {
    expect(parseRole('5')).toBe(5);
    expect(parseRole('gerente ZONAL')).toBe(15);
    expect(parseRole('Administracion')).toBe(9);
    expect(parseRole('16')).toBeNull();
    expect(parseRole('Jefe')).toBeNull();
  });

  it('reports each bad row with its column, repeated e-mails and e-mails already taken', () => {
    const rows = [
      { row: 2, names: 'Ana', lastName: 'Paz', email: 'ana@paz.com', phone: '', role: 'Cliente' },
      { row: 3, names: 'Eva', lastName: '', email: 'eva@paz.com', phone: '', role: 'Cliente' },
      { row: 4, names: 'Ana', lastName: 'Otra', email: 'ANA@paz.com', phone: '', role: 'Cliente' },
      { row: 5, names: 'Luz', lastName: 'Sol', email: 'luz@sol.com', phone: '', role: 'Franquicia' },
    ];
    const checked = validateRows(rows, 8, new Set(['luz@sol.com']), 'ok');
    expect(checked.failed).toBe(3);
    expect(checked.results.map((r) => r.message)).toEqual(['ok', 'Apellido: Requerido', 'Email: El email ya aparece en la fila 2 del archivo.', 'Email: Ya existe un usuario con ese email.']);
    expect(checked.users).toEqual([{ names: 'Ana', lastName: 'Paz', email: 'ana@paz.com', primaryPhone: null, rolId: 5, clientId: 8 }]);
  });

  it('says every column at fault in a row at once, in the columns\' order, each with its first problem', () => {
    const rows = [
      { row: 2, names: '', lastName: '', email: 'no-es-un-email', phone: '11 45', role: '99' },
      { row: 3, names: 'Ana', lastName: 'Paz', email: 'ana@paz.com', phone: '', role: 'Cliente' },
      // Repeated in the file, and with a bad role: both.
      { row: 4, names: 'Eva', lastName: 'Paz', email: 'ANA@paz.com', phone: '', role: 'Jefe' },
      // Taken already, and with a role that is not a client's.
      { row: 5, names: 'Luz', lastName: '', email: 'luz@sol.com', phone: '', role: '1' },
    ];
    const checked = validateRows(rows, 8, new Set(['luz@sol.com']), 'ok');
    const [first, , repeated, taken] = checked.results.map((r) => r.message.split(ROW_PROBLEMS_SEPARATOR));
    expect(first.map((p) => p.split(':')[0])).toEqual(['Nombre', 'Apellido', 'Email', 'Telefono', 'Rol']);
    expect(first.slice(0, 2)).toEqual(['Nombre: Requerido', 'Apellido: Requerido']);
    expect(first[4]).toBe(`Rol: ${IMPORT_TEXT.roleInvalid}`);
    expect(repeated).toEqual([`Email: ${IMPORT_TEXT.duplicateInFile(3)}`, `Rol: ${IMPORT_TEXT.roleInvalid}`]);
    expect(taken).toEqual(['Apellido: Requerido', `Email: ${IMPORT_TEXT.emailTaken}`, `Rol: ${IMPORT_TEXT.roleNotOfClient}`]);
    expect(checked.failed).toBe(3);
    expect(checked.users.map((u) => u.email)).toEqual(['ana@paz.com']);
  });

  it('refuses a cell with a control character (a NUL read from _x0000_) as that row\'s error, not the database\'s', () => {
    const rows = [
      { row: 2, names: 'Ana\u0000', lastName: 'Paz', email: 'ana@paz.com', phone: '', role: 'Cliente' },
      { row: 3, names: 'Eva', lastName: 'Paz\u0007', email: 'eva@paz.com', phone: '', role: 'Cliente' },
      { row: 4, names: 'Luz', lastName: 'Sol', email: 'luz@sol.com', phone: '', role: 'Cliente' },
    ];
    const checked = validateRows(rows, 8, new Set(), 'ok');
    expect(checked.results.map((r) => r.message)).toEqual([`Nombre: ${MSG.unstorable}`, `Apellido: ${MSG.unstorable}`, 'ok']);
  });

  it('accepts only the roles of a client\'s users, each with the chosen client', () => {
    const rows = ROLE_IDS.map((rolId, i) => ({ row: i + 2, names: 'Ana', lastName: 'Paz', email: `ana${rolId}@paz.com`, phone: '', role: String(rolId) }));
    const checked = validateRows(rows, 8, new Set(), 'ok');
    expect(checked.users.map((u) => [u.rolId, u.clientId])).toEqual(ROLES_WITH_CLIENT.map((rolId) => [rolId, 8]));
    expect(new Set(checked.results.filter((r) => !r.ok).map((r) => r.message))).toEqual(new Set([`Rol: ${IMPORT_TEXT.roleNotOfClient}`]));
    expect(IMPORT_TEXT.roleNotOfClient).toBe('La carga masiva crea usuarios del cliente elegido: el rol debe ser Cliente, Franquicia, Inactivo o Gerente zonal.');
  });

  it('says one user in the singular, and several in the plural', () => {
    expect(IMPORT_TEXT.confirm(1, 'Café del Plata')).toBe('Se creará 1 usuario para el cliente Café del Plata. ¿Desea continuar?');
    expect(IMPORT_TEXT.confirm(2, 'Café del Plata')).toBe('Se crearán 2 usuarios para el cliente Café del Plata. ¿Desea continuar?');
    expect(IMPORT_TEXT.done(1)).toBe('Se importó 1 usuario.');
    expect(IMPORT_TEXT.done(40)).toBe('Se importaron 40 usuarios.');
  });

  it('tells xls and xlsx files by their bytes and name, and reads them with SheetJS', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ['Ana', 'Paz', 'ana@paz.com', '', 6]]), 'bulk_users');
    for (const [bookType, name] of [['xlsx', 'u.xlsx'], ['biff8', 'u.XLS']] as const) {
      const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
      expect(isSpreadsheetFile(name, bytes)).toBe(true);
      expect(readBulkFile(XLSX as unknown as SheetReader, name, bytes)).toMatchObject({ rows: [{ row: 2, email: 'ana@paz.com', role: '6' }] });
    }
    // A date cell is read as the spreadsheet shows it, not as its serial number (43862).
    const dated = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(dated, XLSX.utils.aoa_to_sheet([header, [new Date(2020, 1, 1), 'Paz', 'ana@paz.com', '', 6]], { cellDates: true }), 'bulk_users');
    for (const bookType of ['xlsx', 'biff8'] as const) {
      const bytes = new Uint8Array(XLSX.write(dated, { type: 'array', bookType }) as ArrayBuffer);
      expect(readBulkFile(XLSX as unknown as SheetReader, `u.${bookType === 'xlsx' ? 'xlsx' : 'xls'}`, bytes)).toMatchObject({ rows: [{ names: '01/02/2020' }] });
    }
    const csv = new TextEncoder().encode('Nombre,Apellido\n');
    expect(isSpreadsheetFile('u.xlsx', csv)).toBe(false);
    expect(readBulkFile(XLSX as unknown as SheetReader, 'u.xlsx', csv)).toEqual({ error: IMPORT_TEXT.notSpreadsheet });
    // An empty file named as a spreadsheet is an empty file; one named otherwise is still of another type.
    expect(readBulkFile(XLSX as unknown as SheetReader, 'usuarios.xlsx', new Uint8Array())).toEqual({ error: IMPORT_TEXT.empty });
    expect(readBulkFile(XLSX as unknown as SheetReader, 'u.XLS', new Uint8Array())).toEqual({ error: 'El archivo está vacío.' });
    expect(readBulkFile(XLSX as unknown as SheetReader, 'u.csv', new Uint8Array())).toEqual({ error: IMPORT_TEXT.notSpreadsheet });
  });

  it('reads at most one row past the maximum and fifty columns of a declared range', () => {
    expect(readableRange({ s: { r: 0, c: 0 }, e: { r: 1_048_575, c: 16_383 } })).toEqual({ s: { r: 0, c: 0 }, e: { r: 10_001, c: 49 } });
    const tooMany = [header, ...Array.from({ length: 10_001 }, (_, i) => ['A', 'B', `u${i}@x.com`, '', 7])];
    expect(checkSheet(tooMany)).toEqual({ error: IMPORT_TEXT.tooManyRows });
  });

  it('builds only the rows it reads of a file of many more, and still finds it has too many', () => {
    const book = XLSX.utils.book_new();
    const rows = [header, ...Array.from({ length: 20_000 }, (_, i) => ['A', 'B', `u${i}@x.com`, '', 7])];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'bulk_users');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
    const calls: number[] = [];
    const counting = { ...XLSX, read: (data: Uint8Array, options: Parameters<SheetReader['read']>[1]) => (calls.push(options.sheetRows), XLSX.read(data, options)) };
    expect(readBulkFile(counting as unknown as SheetReader, 'u.xlsx', bytes)).toEqual({ error: IMPORT_TEXT.tooManyRows });
    expect(calls).toEqual([10_002]);
  });
});
