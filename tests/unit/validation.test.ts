import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FEATURE_TEXT, featureValueSchema } from '../../domain/features';
import { guidelineSchema } from '../../domain/guidelines';
import { projectCreateBody } from '../../domain/projects';
import { keyValueSchema, TAG_TEXT } from '../../domain/tags';
import { AUTH_TEXT, loginSchema, newPasswordSchema, restoreEmailSchema } from '../../domain/auth';
import { CLIENT_STATE_QUESTION, CLIENT_TEXT, clientSchema, clientStateSchema, clientUpdateSchema } from '../../domain/clients';
import { paymentDay } from '../../domain/payments';
import {
  absoluteUrl,
  asRead,
  dateValue,
  displayDate,
  isFramable,
  isWebLink,
  nameKey,
  nameText,
  withoutInvisible,
  cellText,
  graphemes,
  email,
  fieldErrors,
  formatDisplayDate,
  id,
  idsUpTo,
  isEmail,
  isIdValue,
  isEmailShaped,
  isStrongPassword,
  isUrl,
  latitude,
  longitude,
  idSaying,
  MAX_ID,
  MAX_TEXT,
  MSG,
  newPassword,
  optionalPhone,
  optionalText,
  optionalUrl,
  parseDisplayDate,
  phone,
  pickedId,
  INVALID_ID,
  required,
  safeCell,
  startDateHint,
  todayIso,
  addDaysIso,
  isoInDays,
  monthStartIso,
  textOr,
  trimText,
  url,
  ZOD_OWN_MESSAGE,
} from '../../domain/validation';

/** The messages a schema gives for a value, by field ('_' for the value itself). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}
/** The one message a field schema gives, or undefined when the value passes. */
const messageOf = (schema: z.ZodType, value: unknown): string | undefined => errorsOf(schema, value)._;
const valueOf = <S extends z.ZodType>(schema: S, value: unknown) => schema.parse(value) as z.output<S>;

describe('messages', () => {
  it('are the literal Spanish texts of the spec', () => {
    expect(MSG).toMatchObject({
      required: 'Requerido',
      email: 'Dirección de email inválida',
      url: 'Dirección web inválida. Ej www.campo.com/',
      phone: 'Número de teléfono es inválido',
      password: 'La contraseña debe tener al menos 8 caracteres, alfanuméricos, al menos 1 número y algún caracter especial como #$!*.:',
      passwordsMatch: 'Las contraseñas deben coincidir',
      latitude: 'Latitud inválida. Controle caracteres inválidos o espacios.',
      longitude: 'Longitud inválida. Controle caracteres inválidos o espacios.',
      dateFormat: 'Formato de fecha inválido',
      dateValid: 'Debe ingresar fecha válida.',
      yearRange: 'Rango de año válido: entre 1900 y 2100',
    });
    expect(AUTH_TEXT).toMatchObject({
      wrongCredentials: 'Usuario o contraseña incorrectos',
      invalidToken: 'El Token utilizado es inválido o ha expirado.',
    });
    expect(CLIENT_STATE_QUESTION).toBe('Confirmación. ¿Está seguro que desea Activar/Desactivar este cliente?');
  });
});

describe('required', () => {
  it('refuses missing, empty and blank values with Requerido', () => {
    for (const value of [undefined, null, '', '   ', '\t\n']) expect(messageOf(required, value), JSON.stringify(value)).toBe(MSG.required);
  });

  it('says a value that is no text is no text, not that it is missing', () => {
    for (const value of [42, {}, true, ['Café']]) expect(messageOf(required, value), JSON.stringify(value)).toBe('Debe ser un texto.');
    expect(messageOf(email, 42)).toBe('Debe ser un texto.');
    // A form's own missing message stays for a missing value only.
    const reasonLike = textOr('Campo requerido');
    expect([messageOf(reasonLike, undefined), messageOf(reasonLike, null), messageOf(reasonLike, 7)]).toEqual(['Campo requerido', 'Campo requerido', 'Debe ser un texto.']);
  });

  it('says so on every text with a message of its own too (a project name, a guideline section, a tag key, a password…)', () => {
    const said = (schema: z.ZodType, body: unknown, path: string) => {
      const failed = schema.safeParse(body);
      return failed.success ? undefined : fieldErrors(failed.error)[path];
    };
    expect(said(projectCreateBody, { name: 123 }, 'name')).toBe('Debe ser un texto.');
    expect(said(projectCreateBody, { mandatoryProduct: ['a'] }, 'mandatoryProduct')).toBe('Debe ser un texto.');
    expect(said(guidelineSchema, { generalities: 12345 }, 'generalities')).toBe('Debe ser un texto.');
    expect(said(keyValueSchema, { key: 1, value: true }, 'key')).toBe('Debe ser un texto.');
    expect(said(keyValueSchema, { key: 1, value: true }, 'value')).toBe('Debe ser un texto.');
    expect(said(loginSchema, { email: 'ana@campo.test', password: 123 }, 'password')).toBe('Debe ser un texto.');
    expect(said(featureValueSchema, { value: 5 }, 'value')).toBe('Debe ser un texto.');
    // Missing, they keep their own message.
    expect(said(projectCreateBody, {}, 'name')).toBe(MSG.required);
    expect(said(guidelineSchema, {}, 'generalities')).toBe(MSG.required);
    expect(said(keyValueSchema, {}, 'key')).toBe(TAG_TEXT.keyRequired);
    expect(said(featureValueSchema, {}, 'value')).toBe(FEATURE_TEXT.emptyValue);
  });

  it('refuses a text of only invisible characters (zero-width space, joiners, marks), and drops them at the ends', () => {
    for (const value of ['\u200b', '\u200b\u200b', ' \u200c\u200d ', '\u2060', '\u00a0\u200b\u3000', '\ufeff', '\u200e\u200f'])
      expect(messageOf(required, value), JSON.stringify(value)).toBe(MSG.required);
    expect(valueOf(required, '\u200bCafé\u200b ')).toBe('Café');
    // Inside a text they stay: a family emoji is joined by U+200D.
    expect(valueOf(required, ' 👩\u200d👧 ')).toBe('👩\u200d👧');
    expect(valueOf(optionalText, '\u200b')).toBeNull();
    // A subdivision flag ends in tag characters (Cf too): it stays whole.
    expect(valueOf(required, 'Equipo 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} ')).toBe('Equipo 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}');
    expect(trimText('\u{1f389}\u200b')).toBe('\u{1f389}');
    expect(trimText(' \u200b ')).toBe('');
  });

  it('trims in linear time: a long inner run of spaces is no attack', () => {
    const hostile = `a${' '.repeat(1_000_000)}b`;
    const started = performance.now();
    expect(trimText(hostile)).toBe(hostile);
    expect(messageOf(required, `${hostile} `)).toBe('El campo es demasiado largo (máximo 2.000 caracteres)');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('trims and caps the length', () => {
    expect(valueOf(required, '  Campo  ')).toBe('Campo');
    expect(messageOf(required, 'x'.repeat(MAX_TEXT))).toBeUndefined();
    expect(messageOf(required, 'x'.repeat(MAX_TEXT + 1))).toBe('El campo es demasiado largo (máximo 2.000 caracteres)');
  });

  it('keeps any text with a visible character, trimmed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''), (text) => {
        expect(valueOf(required, text)).toBe(text.trim());
      }),
    );
  });
});

describe('a text as it reads', () => {
  it('stores an accent typed as its own mark as the one accented letter (NFC), required or optional', () => {
    expect(valueOf(required, 'Cafe\u0301')).toBe('Café');
    expect(valueOf(optionalText, ' Pen\u0303a ')).toBe('Peña');
    // Over the cap, refused without being composed first.
    expect(messageOf(required, 'e\u0301'.repeat(MAX_TEXT))).toBe('El campo es demasiado largo (máximo 2.000 caracteres)');
  });

  it('drops the invisible characters inside a unique name, and keeps what an emoji is made of', () => {
    expect(asRead('Café\u200b del\u00a0\u00a0Plata')).toBe('Café del Plata');
    expect(asRead('\u202eCafé\u2066 del\u2069 Plata\u00ad')).toBe('Café del Plata');
    // A family (pictographs joined), a gesture with a skin tone, a subdivision flag (tag characters).
    for (const emoji of ['\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', '\u{1F44D}\u{1F3FD}\u200D\u2642\uFE0F', '\u2764\uFE0F\u200D\u{1F525}', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}']) {
      expect(withoutInvisible(`Club ${emoji}`), emoji).toBe(`Club ${emoji}`);
    }
    // A joiner between letters, or after an emoji with no other part, joins nothing: it goes. So do tag
    // characters outside a flag.
    expect(withoutInvisible('Caf\u200De')).toBe('Cafe');
    expect(withoutInvisible('\u{1F600}\u200D Club')).toBe('\u{1F600} Club');
    expect(nameKey('Café del Plata\u{E0041}\u{E0042}')).toBe(nameKey('Café del Plata'));
    // An invisible character between a letter and its accent: the accent joins the letter once it is gone.
    expect(asRead('Cafe\u200b\u0301')).toBe('Café');
    expect(nameKey('Cafe\u00ad\u0301 del Plata')).toBe(nameKey('Café del Plata'));
    expect(valueOf(nameText(120), ' Cafe\u0301\u200b  del Plata ')).toBe('Café del Plata');
    expect(nameKey('CAFE\u0301 DEL\u200b PLATA')).toBe(nameKey('café del plata'));
  });
});

describe('a date sent as a number', () => {
  it('is of the wrong kind, not missing', () => {
    expect(messageOf(displayDate, 20280201)).toBe('Debe ser un texto.');
    expect(messageOf(dateValue, 20280201)).toBe('Debe ser un texto.');
    expect(messageOf(paymentDay, 20280201)).toBe('Debe ser un texto.');
    expect(messageOf(displayDate, undefined)).toBe(MSG.required);
  });
});

describe('web links', () => {
  it('opens only http(s) links a browser can read, with no invisible character', () => {
    expect(isWebLink('https://videos.campo.test/visita?id=1')).toBe(true);
    for (const link of ['http://\u202emoc.live/v', 'https://exa\u200bmple.com/v', 'https://ejemplo.com/\u2066v', 'http://[', 'javascript:alert(1)', 'https://ejemplo .com', null]) {
      expect(isWebLink(link), JSON.stringify(link)).toBe(false);
    }
  });
});

describe('optionalText', () => {
  it('turns absent, null and empty into null and trims the rest', () => {
    for (const value of [undefined, null, '', '   ']) expect(valueOf(optionalText, value), JSON.stringify(value)).toBeNull();
    expect(valueOf(optionalText, ' nota ')).toBe('nota');
    expect(messageOf(optionalText, 'x'.repeat(MAX_TEXT + 1))).toBe('El campo es demasiado largo (máximo 2.000 caracteres)');
  });
});

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const value of ['ana@campo.test', 'a.b+c@sub.dominio.com.ar', ' Ana@Campo.COM ']) expect(messageOf(email, value), value).toBeUndefined();
    expect(valueOf(email, ' ana@campo.test ')).toBe('ana@campo.test');
  });

  it('refuses malformed ones with the email message and empty ones with Requerido', () => {
    for (const value of ['ana', 'ana@', '@campo.com', 'ana@campo', 'ana@campo.c', 'a na@campo.com', 'ana@@campo.com', 'ana@cam po.com', 'a..b@campo.test', '.ana@campo.test', 'ana.@campo.test', 'ana@.campo.test', 'ana@campo..test', 'ana@campo.test.', 'ana\u200b@campo.test', 'ana@campo\u200b.test', 'an\u202ea@campo.test']) {
      expect(messageOf(email, value), value).toBe(MSG.email);
      expect(isEmail(value), value).toBe(false);
    }
    expect(messageOf(email, '')).toBe(MSG.required);
  });

  it('refuses letters that only look Latin, which read as another address (fullwidth, Cyrillic, Greek, a loose accent)', () => {
    // 'ａdmin' (fullwidth a), 'аdmin' (Cyrillic а), 'admin@сampo' (Cyrillic с), 'gοogle' (Greek ο), a non-breaking hyphen.
    // Marks no letter composes with: a grapheme joiner, a variation selector, a strike-through overlay; a ligature.
    for (const value of ['\uff41dmin@campo.test', '\u0430dmin@campo.test', 'admin@\u0441ampo.test', 'g\u03bfogle@campo.test', 'ana\u2011b@campo.test', 'admin\u034f@campo.test', 'admin\ufe0f@campo.test', 'adm\u0335in@campo.test', '\ufb01n@campo.test']) {
      expect(messageOf(email, value), value).toBe(MSG.email);
      expect(isEmail(value), value).toBe(false);
      // An account made before the rule still logs in and restores its password.
      expect(isEmailShaped(value), value).toBe(true);
    }
    // Latin letters read as written: a name's 'é', a domain's 'ñ', and those with no ASCII base ('ł', 'ø', 'ß').
    for (const value of ["o'brien@campo.test", 'ana_b-c+d@sub-dominio.com.ar', 'ANA@CAMPO.TEST', 'josé@campo.test', 'ana@peña.com.ar', 'MARÍA.ÑANDÚ@campo.test', 'łukasz.strøm@straße.de']) expect(isEmail(value), value).toBe(true);
    // An 'é' typed as 'e' and a combining accent is stored composed, as the one it reads as; never loose.
    expect(isEmail('jose\u0301@campo.test')).toBe(false);
    expect(valueOf(email, 'jose\u0301@campo.test')).toBe('jos\u00e9@campo.test');
  });

  it('reads the shape as the pattern it replaced did, in one pass', () => {
    const OLD = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
    const piece = fc.constantFrom('a', 'b', '.', '@', ' ', '-', 'ñ', '\t');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress(), fc.array(piece, { maxLength: 12 }).map((a) => a.join(''))), (value) => {
        expect(isEmailShaped(value), JSON.stringify(value)).toBe(OLD.test(value) && value.length <= 254);
      }),
      { numRuns: 2000 },
    );
    expect(isEmailShaped('a@b.cd.')).toBe(true);
    expect(isEmailShaped('a@.bcd')).toBe(false);
    expect(isEmailShaped('a@x.bcd')).toBe(true);
  });

  it('refuses a huge text as too long, without reading it as an address (the pattern it was took seconds on it)', () => {
    const huge = 'a@' + '.'.repeat(100_000) + '@';
    const started = performance.now();
    expect(errorsOf(email, huge)).toEqual({ _: 'El campo es demasiado largo (máximo 254 caracteres)' });
    expect(isEmail(huge)).toBe(false);
    expect(isEmailShaped('a@' + '.'.repeat(250) + 'x@')).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('agrees with isEmail on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress()), (value) => {
        const trimmed = value.trim();
        if (trimmed === '' || trimmed.length > MAX_TEXT) return;
        expect(messageOf(email, value) === undefined).toBe(isEmail(trimmed));
      }),
    );
  });
});

describe('url', () => {
  it('accepts addresses with or without scheme, port, path and query', () => {
    for (const value of ['www.campo.com/', 'campo.com.ar', 'https://forms.campo.test/reclamos/x', 'http://a-b.example.org:8080/p?q=1#f']) {
      expect(messageOf(url, value), value).toBeUndefined();
      expect(isUrl(value), value).toBe(true);
    }
  });

  it('refuses anything else with the url message', () => {
    for (const value of ['campo', 'localhost', 'ftp://campo.com', 'https://', 'http//campo.com', 'campo.c', 'www.campo.com/a b', 'javascript:alert(1)']) {
      expect(messageOf(url, value), value).toBe(MSG.url);
    }
    expect(messageOf(url, '  ')).toBe(MSG.required);
  });

  it('leaves an optional url empty as null and still checks a given one', () => {
    expect(valueOf(optionalUrl, '')).toBeNull();
    expect(valueOf(optionalUrl, null)).toBeNull();
    expect(valueOf(optionalUrl, undefined)).toBeNull();
    expect(valueOf(optionalUrl, ' www.campo.com ')).toBe('www.campo.com');
    expect(messageOf(optionalUrl, 'no es url')).toBe(MSG.url);
  });
});

describe('absoluteUrl', () => {
  it('gives a link the rule accepts its scheme, https when it has none', () => {
    expect(absoluteUrl('www.campo.com/')).toBe('https://www.campo.com/');
    expect(absoluteUrl(' encuestas.campo.test/r/1?a=b ')).toBe('https://encuestas.campo.test/r/1?a=b');
    expect(absoluteUrl('http://a-b.example.org:8080/p')).toBe('http://a-b.example.org:8080/p');
    expect(absoluteUrl('HTTPS://forms.campo.test/x')).toBe('HTTPS://forms.campo.test/x');
  });

  it('gives null for what is no link: another scheme, a path, text', () => {
    for (const value of ['javascript:alert(1)', 'ftp://campo.com', '/reportes', '//campo.com', 'campo', '', 'data:text/html,x']) expect(absoluteUrl(value), value).toBeNull();
  });

  it('always gives an http(s) link the rule accepts, or null', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.domain()), (value) => {
        const link = absoluteUrl(value);
        if (link !== null) {
          expect(link).toMatch(/^https?:\/\//i);
          expect(isUrl(link)).toBe(true);
        }
      }),
    );
  });
});

describe('isFramable', () => {
  it('frames only https links, as the security policy does; an http one opens in its own tab', () => {
    expect(isFramable('https://forms.campo.test/reclamos')).toBe(true);
    expect(isFramable('HTTPS://forms.campo.test/reclamos')).toBe(true);
    // A scheme-less link gets https, so it is framed.
    expect(isFramable(absoluteUrl('forms.campo.test/reclamos')!)).toBe(true);
    for (const value of ['http://forms.campo.test/reclamos', 'HTTP://forms.campo.test', 'javascript:alert(1)', '']) expect(isFramable(value), value).toBe(false);
  });
});

describe('phone', () => {
  it('takes 1 to 20 digits only', () => {
    expect(valueOf(phone, ' 1145678900 ')).toBe('1145678900');
    expect(messageOf(phone, '1'.repeat(20))).toBeUndefined();
    for (const value of ['', '1'.repeat(21), '11-4567', '+5411', '11 4567', 'abc', undefined, 1145]) {
      expect(messageOf(phone, value), JSON.stringify(value)).toBe(MSG.phone);
    }
  });

  it('accepts any digit string up to 20 long', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,20}$/), (digits) => messageOf(phone, digits) === undefined));
  });

  it('leaves an optional phone empty as null', () => {
    expect(valueOf(optionalPhone, '')).toBeNull();
    expect(valueOf(optionalPhone, null)).toBeNull();
    expect(valueOf(optionalPhone, '0800')).toBe('0800');
    expect(messageOf(optionalPhone, '0800-CAMPO')).toBe(MSG.phone);
  });
});

describe('latitude and longitude', () => {
  it('accept degrees within range', () => {
    for (const value of ['0', '-34.6037', '90', '-90', '90.0', '89.999999', '7']) expect(messageOf(latitude, value), value).toBeUndefined();
    for (const value of ['0', '-58.3816', '180', '-180', '180.000', '179.5', '99.9', '5']) expect(messageOf(longitude, value), value).toBeUndefined();
  });

  it('refuse out-of-range values, commas, inner spaces and letters', () => {
    for (const value of ['91', '90.1', '-90.5', '34,5', '3 4', 'abc', '--3', '1e2', '.5', '100']) expect(messageOf(latitude, value), value).toBe(MSG.latitude);
    for (const value of ['181', '180.1', '-200', '58,3', '5 8', 'oeste', '1000']) expect(messageOf(longitude, value), value).toBe(MSG.longitude);
    expect(messageOf(latitude, '')).toBe(MSG.required);
    expect(messageOf(longitude, '')).toBe(MSG.required);
  });

  it('accept every decimal degree in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -89, max: 89 }), fc.integer({ min: 0, max: 999999 }), (deg, frac) => messageOf(latitude, `${deg}.${frac}`) === undefined),
    );
    fc.assert(
      fc.property(fc.integer({ min: -179, max: 179 }), fc.integer({ min: 0, max: 999999 }), (deg, frac) => messageOf(longitude, `${deg}.${frac}`) === undefined),
    );
  });
});

describe('newPassword', () => {
  it('takes 8 or more characters with a lowercase letter, a digit and a special character', () => {
    for (const value of ['Campo#2026', 'abcdef1#', 'contraseña9!', 'a1.bcdefg']) {
      expect(messageOf(newPassword, value), value).toBeUndefined();
      expect(isStrongPassword(value), value).toBe(true);
    }
  });

  it('refuses weak passwords with the password message', () => {
    // An accented letter or an 'ñ' is a letter, not the special character.
    for (const value of ['abc1#', 'abcdefgh', 'abcdefg1', 'abcdefg#', 'ABCDEFG1#', '12345678#', 'abcd efg1', 'contraseña1', 'abcdefgñ1', 'canción123']) {
      expect(messageOf(newPassword, value), value).toBe(MSG.password);
    }
    expect(messageOf(newPassword, '')).toBe(MSG.required);
    expect(messageOf(newPassword, undefined)).toBe(MSG.required);
    expect(messageOf(newPassword, `a1#${'x'.repeat(198)}`)).toBe('El campo es demasiado largo (máximo 200 caracteres)');
  });

  it('never accepts a password without a digit or a special character', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z]{0,30}$/), (letters) => !isStrongPassword(letters) && !isStrongPassword(`${letters}1`)));
  });
});

describe('id', () => {
  it('coerces positive integers up to the PostgreSQL limit', () => {
    expect(valueOf(id, '7')).toBe(7);
    expect(valueOf(id, 7)).toBe(7);
    expect(valueOf(id, String(MAX_ID))).toBe(MAX_ID);
    expect(MAX_ID).toBe(2 ** 31 - 1);
  });

  it('refuses everything else with Identificador inválido', () => {
    for (const value of ['abc', '0', 0, -1, '1.5', MAX_ID + 1, '9007199254740993', Number.NaN]) {
      expect(messageOf(id, value), String(value)).toBe('Identificador inválido');
    }
  });

  it('reads nothing but a number or a string of digits as an id: a coercion made true record 1 and [6] record 6', () => {
    for (const value of [true, false, [6], [[2]], '0x6', ' 6 ', '6e0', '+6', '', {}]) {
      expect(messageOf(id, value), JSON.stringify(value)).toBe('Identificador inválido');
    }
  });

  it('tells a missing id that it is required, as any missing value', () => {
    expect(messageOf(id, undefined)).toBe('Requerido');
    expect(messageOf(id, null)).toBe('Requerido');
    expect(messageOf(idSaying('Permiso inválido'), undefined)).toBe('Requerido');
    expect(messageOf(idSaying('Permiso inválido'), 'x')).toBe('Permiso inválido');
  });
});

describe('idsUpTo', () => {
  const anyValue = fc.oneof(
    fc.integer({ min: -5, max: MAX_ID + 5 }),
    fc.constantFrom(MAX_ID, MAX_ID + 1, 0, 1, 1.5, -0, Number.NaN, Infinity, 2 ** 53),
    fc.stringMatching(/^[0-9 .+e-]{0,12}$/),
    fc.constantFrom('0', '01', '2147483647', '2147483648', '9999999999', '12345678901', true, null, [6], {}),
  );
  it('reads a value as an id exactly when id does', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(isIdValue(value), JSON.stringify(value)).toBe(id.safeParse(value).success);
      }),
    );
  });
  it('gives the same ids as a list of id, and names only the first that is not one', () => {
    const list = idsUpTo(5);
    fc.assert(
      fc.property(fc.array(anyValue, { maxLength: 5 }), (values) => {
        const mine = list.safeParse(values);
        const theirs = z.array(id).safeParse(values);
        expect(mine.success).toBe(theirs.success);
        if (theirs.success) expect(mine.data).toEqual(theirs.data);
        else expect(mine.error?.issues.map((i) => [i.path, i.message])).toEqual([[[theirs.error.issues[0].path[0]], theirs.error.issues[0].message]]);
      }),
    );
    expect(list.safeParse([1, 2, 3, 4, 5, 6]).success).toBe(false);
    // Said as `z.array(id)` says it: a null among them is missing, a word is no id.
    expect(list.safeParse([1, null]).error?.issues[0].message).toBe('Requerido');
    expect(list.safeParse([1, 'x']).error?.issues[0].message).toBe(INVALID_ID);
  });
});

describe('parseDisplayDate', () => {
  it('turns DD/MM/YYYY into an ISO date', () => {
    expect(parseDisplayDate('31/12/2024')).toEqual({ date: '2024-12-31' });
    expect(parseDisplayDate(' 05/06/2020 ')).toEqual({ date: '2020-06-05' });
    expect(parseDisplayDate('29/02/2024')).toEqual({ date: '2024-02-29' });
    expect(parseDisplayDate('01/01/1900')).toEqual({ date: '1900-01-01' });
    expect(parseDisplayDate('31/12/2100')).toEqual({ date: '2100-12-31' });
    // Its eight digits alone, as a phone's numeric keypad (no '/') types them.
    expect(parseDisplayDate('10112026')).toEqual({ date: '2026-11-10' });
    expect(parseDisplayDate('31022024')).toEqual({ error: 'Debe ingresar fecha válida.' });
  });

  it('gives Formato de fecha inválido for text that is not DD/MM/YYYY', () => {
    for (const text of ['', '1/1/2024', '2024-01-01', '01-01-2024', 'hoy', '01/01/20245', '1012026', '101120260']) {
      expect(parseDisplayDate(text), text).toEqual({ error: 'Formato de fecha inválido' });
    }
  });

  it('gives Debe ingresar fecha válida. for a DD/MM/YYYY day that does not exist', () => {
    for (const text of ['32/01/2024', '00/01/2024', '29/02/2023', '31/04/2024', '10/13/2024', '10/00/2024']) {
      expect(parseDisplayDate(text), text).toEqual({ error: 'Debe ingresar fecha válida.' });
    }
  });

  it('gives Rango de año válido for years outside 1900–2100', () => {
    for (const text of ['31/12/1899', '01/01/2101', '01/01/0001', '15/06/9999']) {
      expect(parseDisplayDate(text), text).toEqual({ error: 'Rango de año válido: entre 1900 y 2100' });
    }
  });

  it('round-trips every date in range through formatDisplayDate', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const shown = formatDisplayDate(iso);
        expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(parseDisplayDate(shown)).toEqual({ date: iso });
      }),
    );
  });
});

describe('formatDisplayDate', () => {
  it('shows Sin Datos for missing or unreadable dates', () => {
    for (const value of [null, undefined, '', 'no es fecha']) expect(formatDisplayDate(value)).toBe('Sin Datos');
  });

  it('shows a date as DD/MM/YYYY and a date-time in Argentina, whatever the machine\'s zone', () => {
    expect(formatDisplayDate('2024-03-05')).toBe('05/03/2024');
    // 00:41 UTC on the 14th is 21:41 of the 13th in Buenos Aires (UTC−3): the payment rule's day.
    expect(formatDisplayDate('2026-08-14T00:41:00Z')).toBe('13/08/2026');
    expect(formatDisplayDate('2026-08-14T00:41:00Z', true)).toBe('13/08/2026 21:41');
    expect(formatDisplayDate('2026-08-14T03:00:00Z', true)).toBe('14/08/2026 00:00');
    expect(formatDisplayDate('2026-08-13T21:41:00-03:00', true)).toBe('13/08/2026 21:41');
  });

  it('helps under a start date with what may be written, and says first when a kept start has come', () => {
    const today = '2026-12-06';
    expect(startDateHint(null, undefined, today)).toBe('DD/MM/AAAA, desde hoy');
    expect(startDateHint(null, '2026-11-01', today)).toBe('Desde hoy y desde el 01/11/2026');
    expect(startDateHint('2026-12-10', '2026-11-01', today)).toBe('Desde hoy y desde el 01/11/2026');
    expect(startDateHint('2026-12-06', undefined, today)).toBe('DD/MM/AAAA, desde hoy');
    expect(startDateHint('2026-11-01T00:00:00.000Z', '2026-11-01', today)).toBe('Ya comenzó. Otra fecha: desde hoy y desde el 01/11/2026');
    expect(startDateHint('2025-01-01', undefined, today)).toBe('Ya comenzó. Otra fecha: DD/MM/AAAA, desde hoy');
  });

  it('gives a date-time the Argentine day todayIso gives it', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const [y, m, day] = todayIso(d).split('-');
        return formatDisplayDate(d.toISOString()) === `${day}/${m}/${y}`;
      }),
    );
  });

  it('gives the Argentine day of each instant though it formats once a minute: across midnight, and back and forth', () => {
    expect(todayIso(new Date('2026-12-04T02:59:00.000Z'))).toBe('2026-12-03');
    expect(todayIso(new Date('2026-12-04T02:59:59.999Z'))).toBe('2026-12-03');
    expect(todayIso(new Date('2026-12-04T03:00:00.000Z'))).toBe('2026-12-04');
    expect(todayIso(new Date('2026-12-04T03:00:59.999Z'))).toBe('2026-12-04');
    expect(todayIso(new Date('2026-12-04T02:59:30.000Z'))).toBe('2026-12-03');
    // Any sequence of instants, each asked right after the one before: the day of each, as formatted alone.
    const alone = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: Date.parse('2026-12-03T02:58:00Z'), max: Date.parse('2026-12-04T03:02:00Z') }), { minLength: 2, maxLength: 20 }), (instants) =>
        instants.every((t) => todayIso(new Date(t)) === alone.format(new Date(t))),
      ),
    );
    expect(() => todayIso(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('counts calendar days from an ISO day, across months, years and leap days', () => {
    expect(addDaysIso('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDaysIso('2026-12-01', 0)).toBe('2026-12-01');
    expect(addDaysIso('2026-11-30', 30)).toBe('2026-12-30');
    // 01:30 UTC on 1 December is still 30 November in Buenos Aires: 'in 1 day' is 1 December there.
    const lateEvening = new Date('2026-12-01T01:30:00Z');
    expect(isoInDays(0, lateEvening)).toBe('2026-11-30');
    expect(isoInDays(1, lateEvening)).toBe('2026-12-01');
    expect(monthStartIso('2026-11-30', 3)).toBe('2027-02-01');
    expect(monthStartIso('2026-03-31', -1)).toBe('2026-02-01');
    expect(monthStartIso('2026-01-15', -13)).toBe('2024-12-01');
  });
});

describe('cellText', () => {
  it('shows a dash for empty cells but not for zero or false', () => {
    expect(cellText(null)).toBe('-');
    expect(cellText(undefined)).toBe('-');
    expect(cellText('')).toBe('-');
    expect(cellText(0)).toBe('0');
    expect(cellText(false)).toBe('false');
  });

  it('cuts long texts to 10 characters and an ellipsis only when asked', () => {
    const long = 'Supermercados Andinos';
    expect(cellText(long)).toBe(long);
    expect(cellText(long, true)).toBe('Supermerca…');
    expect(cellText('x'.repeat(15), true)).toBe('x'.repeat(15));
    expect(cellText('x'.repeat(16), true)).toBe(`${'x'.repeat(10)}…`);
  });

  it('never makes a truncated cell longer than 15 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        const cell = cellText(text, true);
        expect(cell.length).toBeLessThanOrEqual(Math.max(15, 11));
        expect(text.startsWith(cell.replace(/…$/, ''))).toBe(true);
      }),
    );
  });

  it('cuts by the characters a reader sees, never through an emoji', () => {
    expect(cellText('Campañas 🎉🎉🎉🎉🎉🎉🎉', true)).toBe('Campañas 🎉…');
    expect(cellText('👩‍👧'.repeat(16), true)).toBe(`${'👩‍👧'.repeat(10)}…`);
    expect(cellText('🎉'.repeat(15), true)).toBe('🎉'.repeat(15));
    expect(graphemes('🇦🇷a')).toEqual(['🇦🇷', 'a']);
  });
});

describe('safeCell', () => {
  it('quotes texts a spreadsheet would run as a formula', () => {
    for (const text of ['=SUM(A1:A2)', '+54 11', '-1', '@cmd', '\tx', '\rx']) expect(safeCell(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it('leaves other texts and non-texts alone', () => {
    for (const value of ['Café', 'a=b', ' =1', '', 42, -1, null, undefined, true]) expect(safeCell(value)).toBe(value);
  });

  it('never leaves a cell starting with a formula character and loses nothing', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = safeCell(text) as string;
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(cell === text || cell === `'${text}`).toBe(true);
      }),
    );
  });
});

describe('fieldErrors', () => {
  it('keeps the first message per field, joins nested paths and names the root _', () => {
    const schema = z.object({ a: z.string().min(3, 'corto').email('mail'), b: z.object({ c: z.number({ error: 'número' }) }) });
    expect(errorsOf(schema, { a: 'x', b: { c: 'y' } })).toEqual({ a: 'corto', 'b.c': 'número' });
    expect(errorsOf(z.string({ error: 'texto' }), 1)).toEqual({ _: 'texto' });
  });

  it("says 'Requerido' of a value missing or null, not zod's 'se esperaba arreglo, recibido indefinido'; a schema's own message still wins", () => {
    const schema = z.object({ list: z.array(z.string()), nested: z.object({ n: z.number() }), own: z.string({ error: 'Indique el nombre.' }), text: z.string(), n: z.number() });
    const errors = errorsOf(schema, { text: null, n: 'x' });
    expect(errors).toMatchObject({ list: MSG.required, nested: MSG.required, own: 'Indique el nombre.', text: MSG.required });
    // A value of the wrong type is not a missing one: the message says what was expected, plainly.
    expect(errors.n).toBe('Debe ser un número.');
  });

  it("words zod's generic messages plainly, field by field, and leaves every rule's own message alone", () => {
    const schema = z.object({
      n: z.coerce.number(),
      flag: z.boolean(),
      size: z.coerce.number().int().min(1).max(1000),
      text: z.string().max(5),
      list: z.array(z.number()).min(1),
      kind: z.enum(['A', 'B']),
      id,
    });
    expect(errorsOf(schema, { n: 'abc', flag: 'yes', size: 5000, text: 'larguísimo', list: [], kind: 'C', id: 'x' })).toEqual({
      n: 'Debe ser un número.',
      flag: 'Debe ser verdadero o falso.',
      size: 'Debe ser como máximo 1.000.',
      text: 'Admite hasta 5 caracteres.',
      list: 'Debe tener al menos 1 elemento.',
      kind: 'Debe ser A o B.',
      id: INVALID_ID,
    });
    for (const message of Object.values(errorsOf(schema, { n: 'abc', flag: 1, size: 0, text: 'x'.repeat(9), list: [], kind: 1, id: 0 }))) expect(message).not.toMatch(ZOD_OWN_MESSAGE);
  });

  it('says a strict limit, an exact length, one unit, booleans, extra keys, multiples and dates as they are', () => {
    const schema = z.strictObject({
      positive: z.number().positive(),
      below: z.number().lt(5),
      code: z.string().length(10),
      one: z.string().min(1),
      yes: z.literal(true),
      step: z.number().multipleOf(5),
      prefix: z.string().startsWith('PV-'),
      when: z.date().max(new Date('2026-12-31T00:00:00Z')),
    });
    expect(
      errorsOf(schema, { positive: 0, below: 5, code: 'abc', one: '', yes: false, step: 7, prefix: 'X', when: new Date('2027-01-05T00:00:00Z'), a: 1, b: 2 }),
    ).toEqual({
      positive: 'Debe ser mayor que 0.',
      below: 'Debe ser menor que 5.',
      code: 'Debe tener exactamente 10 caracteres.',
      one: 'Debe tener al menos 1 carácter.',
      yes: 'Debe ser verdadero.',
      step: 'Debe ser múltiplo de 5.',
      prefix: 'Debe empezar con «PV-».',
      when: 'Debe ser como máximo el 31/12/2026.',
      _: 'No se admiten los campos a, b.',
    });
    expect(errorsOf(z.strictObject({}), { solo: 1 })).toEqual({ _: 'No se admite el campo solo.' });
  });
});

describe('clientSchema', () => {
  const valid = {
    name: ' Heladerías Glaciar ',
    address: 'Mitre 1500',
    telephone: '',
    email: 'hola@glaciar.com.ar',
    imageUrl: null,
    claimUrl: 'www.glaciar.com.ar/reclamos',
    contactUrl: 'https://glaciar.com.ar/contacto',
    typeId: '3',
  };

  it('accepts a client, trimming texts, nulling empty optionals and coercing the type id', () => {
    expect(clientSchema.parse(valid)).toEqual({
      name: 'Heladerías Glaciar',
      address: 'Mitre 1500',
      telephone: null,
      email: 'hola@glaciar.com.ar',
      imageUrl: null,
      claimUrl: 'www.glaciar.com.ar/reclamos',
      contactUrl: 'https://glaciar.com.ar/contacto',
      linkSurveyMonkey: null,
      typeId: 3,
    });
  });

  it('requires name, address, email, claim and contact URLs; not the type (spec 1 §5 leaves it out)', () => {
    expect(errorsOf(clientSchema, {})).toEqual({
      name: MSG.required,
      address: MSG.required,
      email: MSG.required,
      claimUrl: MSG.required,
      contactUrl: MSG.required,
    });
    for (const typeId of ['', null, undefined]) expect(clientSchema.parse({ ...valid, typeId }).typeId, String(typeId)).toBeNull();
  });

  it('gives each field its message', () => {
    expect(errorsOf(clientSchema, { ...valid, email: 'hola@glaciar' })).toEqual({ email: MSG.email });
    expect(errorsOf(clientSchema, { ...valid, claimUrl: 'glaciar' })).toEqual({ claimUrl: MSG.url });
    expect(errorsOf(clientSchema, { ...valid, linkSurveyMonkey: 'encuesta' })).toEqual({ linkSurveyMonkey: MSG.url });
    expect(errorsOf(clientSchema, { ...valid, telephone: '11-2233' })).toEqual({ telephone: MSG.phone });
    expect(errorsOf(clientSchema, { ...valid, name: 'x'.repeat(121) })).toEqual({ name: 'El campo es demasiado largo (máximo 120 caracteres)' });
    expect(errorsOf(clientSchema, { ...valid, name: 'x'.repeat(5000) })).toEqual({ name: 'El campo es demasiado largo (máximo 120 caracteres)' });
    for (const typeId of ['abc', 0, -2, 1.5, MAX_ID + 1]) expect(errorsOf(clientSchema, { ...valid, typeId }), String(typeId)).toEqual({ typeId: CLIENT_TEXT.badType });
  });

  it("keeps whether the client has a checklist when sent, leaves it out when not, and wants a boolean", () => {
    expect(clientSchema.parse({ ...valid, checklist: true }).checklist).toBe(true);
    expect(clientSchema.parse({ ...valid, checklist: false }).checklist).toBe(false);
    expect('checklist' in clientSchema.parse(valid)).toBe(false);
    for (const checklist of ['true', 1, null]) expect(errorsOf(clientSchema, { ...valid, checklist }), String(checklist)).toEqual({ checklist: CLIENT_TEXT.badChecklist });
  });

  it('needs an id to update and a boolean to change state', () => {
    expect(errorsOf(clientUpdateSchema, valid)).toEqual({ id: 'Requerido' });
    expect(errorsOf(clientUpdateSchema, { ...valid, id: 'x' })).toEqual({ id: 'Identificador inválido' });
    expect(clientUpdateSchema.parse({ ...valid, id: '9' }).id).toBe(9);
    expect(clientStateSchema.parse({ id: 4, state: false })).toEqual({ id: 4, state: false });
    for (const state of ['true', 1, null, undefined]) {
      expect(errorsOf(clientStateSchema, { id: 4, state }), String(state)).toEqual({ state: 'El estado debe ser verdadero o falso' });
    }
  });
});

describe('auth schemas', () => {
  it('needs both login fields and caps their length', () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: MSG.required, password: MSG.required });
    expect(errorsOf(loginSchema, { email: '  ', password: '' })).toEqual({ email: MSG.required, password: MSG.required });
    expect(errorsOf(loginSchema, { email: `${'a'.repeat(250)}@x.com`, password: 'x' })).toEqual({ email: 'El campo es demasiado largo (máximo 254 caracteres)' });
    // However much longer: the field's cap, not the 2000 every text has.
    expect(errorsOf(loginSchema, { email: `${'a'.repeat(3000)}@x.com`, password: 'x' })).toEqual({ email: 'El campo es demasiado largo (máximo 254 caracteres)' });
    expect(errorsOf(loginSchema, { email: 'ana@campo.test', password: 'x'.repeat(201) })).toEqual({ password: 'El campo es demasiado largo (máximo 200 caracteres)' });
    // The login does not judge the e-mail's shape: a wrong one is just a wrong login.
    expect(loginSchema.parse({ email: ' ana ', password: ' x ' })).toEqual({ email: 'ana', password: ' x ' });
  });

  it('checks the restore e-mail', () => {
    expect(errorsOf(restoreEmailSchema, { email: 'ana' })).toEqual({ email: MSG.email });
    expect(errorsOf(restoreEmailSchema, {})).toEqual({ email: MSG.required });
  });

  it('needs a strong password confirmed exactly', () => {
    expect(newPasswordSchema.parse({ password: 'Campo#2026', confirmPassword: 'Campo#2026' })).toEqual({ password: 'Campo#2026', confirmPassword: 'Campo#2026' });
    expect(errorsOf(newPasswordSchema, { password: 'Campo#2026', confirmPassword: 'Campo#2027' })).toEqual({ confirmPassword: 'Las contraseñas deben coincidir' });
    expect(errorsOf(newPasswordSchema, { password: 'Campo#2026', confirmPassword: '' })).toMatchObject({ confirmPassword: MSG.required });
    expect(errorsOf(newPasswordSchema, { password: 'debil', confirmPassword: 'debil' })).toEqual({ password: MSG.password });
  });

  it('accepts any strong password confirmed and refuses any mismatch', () => {
    const strong = fc.tuple(fc.stringMatching(/^[a-z]{6,12}$/), fc.integer({ min: 0, max: 9 }), fc.constantFrom('#', '$', '!', '*', '.', ':')).map(([l, d, s]) => `${l}${d}${s}`);
    fc.assert(
      fc.property(strong, fc.string({ minLength: 1, maxLength: 20 }), (password, other) => {
        expect(newPasswordSchema.safeParse({ password, confirmPassword: password }).success).toBe(true);
        if (other !== password) expect(errorsOf(newPasswordSchema, { password, confirmPassword: other })).toEqual({ confirmPassword: MSG.passwordsMatch });
      }),
    );
  });
});

describe('a reference picked in a select', () => {
  const clientId = z.object({ clientId: pickedId('Seleccione un cliente') });
  it('says what the form says when it is missing or empty', () => {
    for (const value of [{}, { clientId: null }, { clientId: '' }]) expect(errorsOf(clientId, value)).toEqual({ clientId: 'Seleccione un cliente' });
  });
  it('calls a value that can be no id invalid, never missing: it was sent', () => {
    for (const bad of [1e20, 0, -1, 1.5, 'abc', true, {}, MAX_ID + 1]) expect(errorsOf(clientId, { clientId: bad })).toEqual({ clientId: INVALID_ID });
  });
  it('reads an id as a number or a digit string', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_ID }), fc.boolean(), (n, asText) => valueOf(clientId, { clientId: asText ? String(n) : n }).clientId === n));
  });
});
