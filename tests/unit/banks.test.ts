/** The banks' rules: guidelines, tag groups, motives and characteristics, with their literal messages. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHARACTERISTIC_TEXT, characteristicSchema, characteristicState, characteristicUpdateSchema } from '../../domain/characteristics';
import { GUIDELINE_SECTIONS, guidelineSchema, guidelineUpdateSchema } from '../../domain/guidelines';
import { MOTIVE_TEXT, motiveSchema, motiveStateSchema } from '../../domain/motives';
import { richText, stripHtml, VIDEO_MESSAGE, videoEmbedUrl, videoId, visibleLength } from '../../domain/richText';
import { TAG_TEXT, tagGroupSchema, tagGroupStateSchema } from '../../domain/tags';
import { fieldErrors, MSG } from '../../domain/validation';
import { tiptapSpanish } from '../../src/i18n/tiptap';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) => (result.success ? {} : fieldErrors(result.error!));

/** A paragraph with exactly `n` visible characters. */
const paragraph = (n: number) => `<p>${'a'.repeat(n)}</p>`;

const validGuideline = () => ({
  name: 'Visita a sucursal',
  generalities: paragraph(120),
  generalitiesVideo: '',
  generalitiesImg: '',
  beforeWork: paragraph(150),
  beforeWorkVideo: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  beforeWorkImg: 'https://cdn.campo.test/antes.jpg',
  duringWork: paragraph(300),
  duringWorkVideo: null,
  duringWorkImg: null,
  afterWork: paragraph(121),
  afterWorkVideo: 'M7lc1UVf-VE',
  afterWorkImg: 'www.campo.test/despues.png',
});

describe('stripHtml', () => {
  it('reads texts a request could fill with openings in a blink (the patterns it had took seconds)', () => {
    const started = performance.now();
    expect(visibleLength('<'.repeat(50_000))).toBe(50_000);
    expect(visibleLength('<script>'.repeat(6_000) + 'x')).toBe(1);
    expect(visibleLength('<style>'.repeat(3_000) + '</style'.repeat(3_000))).toBe('</style'.length * 3_000);
    expect(visibleLength(('<script>' + '</script x>').repeat(2_000))).toBe(0);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('keeps only what a reader sees: no tags, no script or style content, entities decoded', () => {
    expect(stripHtml('<p>Hola <strong>mundo</strong></p>')).toBe('Hola mundo');
    expect(stripHtml('<p>a&nbsp;b &amp; c &lt;d&gt; &#233; &#xE9;</p>')).toBe('a b & c <d> é é');
    expect(stripHtml('<script>alert(1)</script><style>p{}</style><p> x </p>')).toBe('x');
    expect(stripHtml('<p></p><p>   </p>')).toBe('');
    expect(stripHtml('a<SCRIPT type="x">b</script >c<style>d</STYLE>e')).toBe('ace');
    expect(stripHtml('a<script>b<scriptx>c</script>d')).toBe('ad');
    // One left open stays, tags aside; a style closed after it still goes.
    expect(stripHtml('a<script>b<style>c</style>d')).toBe('abd');
    expect(stripHtml('<scripts>x</scripts>')).toBe('x');
    expect(stripHtml('a < b')).toBe('a < b');
  });

  it('counts an accented letter or an emoji as one character', () => {
    expect(visibleLength('<p>ñandú</p>')).toBe(5);
    expect(visibleLength('<p>💥</p>')).toBe(1);
  });

  it('removes what the patterns it had removed, whatever the text', () => {
    const before = (html: string) => html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, '');
    const piece = fc.constantFrom('<', '>', '<p>', '<script>', '</script>', '</SCRIPT >', '<style a="<b>">', '</style', '<scriptx>', '</', 'a', ' ', '\n');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 25 }), (parts) => {
        const html = parts.join('');
        // Entities and outer spaces aside (the same step after either).
        expect(stripHtml(html.replace(/&/g, '')), JSON.stringify(html)).toBe(before(html.replace(/&/g, '')).trim());
      }),
      { numRuns: 3000 },
    );
  });

  it('never leaves a tag behind, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('<p>', '</p>', '<b>', '<br/>', '<a href="x">', '</a>')), { maxLength: 20 }), (parts) => {
        expect(stripHtml(parts.join(''))).not.toMatch(/<[a-z/][^>]*>/i);
      }),
    );
  });
});

describe('richText (minLength120)', () => {
  const rule = richText(120);
  const message = (html: unknown) => {
    const result = rule.safeParse(html);
    return result.success ? null : result.error.issues[0].message;
  };

  it("asks for the text when it is missing or empty once the HTML is stripped: 'Requerido'", () => {
    expect(message(undefined)).toBe(MSG.required);
    expect(message(null)).toBe(MSG.required);
    expect(message('')).toBe(MSG.required);
    expect(message('<p></p>')).toBe(MSG.required);
    expect(message('<p>   </p>')).toBe(MSG.required);
  });

  it("counts the characters without the HTML: 119 gives 'Debe ingresar 120 caracteres o más', 120 passes", () => {
    expect(message(paragraph(119))).toBe('Debe ingresar 120 caracteres o más');
    expect(message(`<p><strong>${'a'.repeat(60)}</strong><em>${'b'.repeat(59)}</em></p>`)).toBe(MSG.minLength120);
    expect(message(paragraph(120))).toBeNull();
    // Markup does not count: 400 characters of tags around 10 letters is still short.
    expect(message(`${'<p></p>'.repeat(60)}<p>0123456789</p>`)).toBe(MSG.minLength120);
  });

  it('agrees with the stripped length for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('p', 'strong', 'em', 'li'), (text, tag) => {
        const html = `<${tag}>${text.replace(/[<>&]/g, '')}</${tag}>`;
        const length = visibleLength(html);
        const result = message(html);
        if (length === 0) expect(result).toBe(MSG.required);
        else if (length < 120) expect(result).toBe(MSG.minLength120);
        else expect(result).toBeNull();
      }),
    );
  });
});

describe('videoId', () => {
  it.each([
    ['M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://www.youtube.com/watch?feature=share&v=M7lc1UVf-VE&t=10', 'M7lc1UVf-VE'],
    ['youtube.com/watch?v=M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://m.youtube.com/watch?v=M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://youtu.be/M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://youtu.be/M7lc1UVf-VE?si=abc', 'M7lc1UVf-VE'],
    ['https://www.youtube.com/embed/M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://www.youtube-nocookie.com/embed/M7lc1UVf-VE', 'M7lc1UVf-VE'],
    ['https://www.youtube.com/shorts/ScMzIvxBSi4', 'ScMzIvxBSi4'],
    ['https://www.youtube.com/live/ScMzIvxBSi4?feature=shared', 'ScMzIvxBSi4'],
    ['  https://youtu.be/ScMzIvxBSi4  ', 'ScMzIvxBSi4'],
  ])('finds the 11-character id in %s', (link, id) => {
    expect(videoId(link)).toBe(id);
  });

  it.each([
    '',
    null,
    undefined,
    'M7lc1UVf-V',
    'M7lc1UVf-VEX',
    'M7lc1UVf VE',
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/M7lc1UVf-VE',
    'https://evil.example/embed/M7lc1UVf-VE',
    'https://youtube.com.evil.example/watch?v=M7lc1UVf-VE',
    'javascript:alert(1)',
    'https://www.youtube.com/channel/M7lc1UVf-VE',
  ])('finds no id in %s', (link) => {
    expect(videoId(link)).toBeNull();
  });

  it('builds the player address from the id', () => {
    expect(videoEmbedUrl('M7lc1UVf-VE')).toBe('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE');
  });
});

describe('guidelineSchema', () => {
  it('accepts a complete guideline and turns empty links into null', () => {
    const result = guidelineSchema.parse(validGuideline());
    expect(result.generalitiesVideo).toBeNull();
    expect(result.generalitiesImg).toBeNull();
    expect(result.beforeWorkVideo).toBe('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    expect(result.afterWorkImg).toBe('www.campo.test/despues.png');
  });

  it("requires the name: 'Requerido'", () => {
    expect(errorsOf(guidelineSchema.safeParse({ ...validGuideline(), name: '   ' }))).toEqual({ name: MSG.required });
  });

  it.each(GUIDELINE_SECTIONS.map((s) => s.key))('requires %s with at least 120 characters', (key) => {
    expect(errorsOf(guidelineSchema.safeParse({ ...validGuideline(), [key]: '' }))).toEqual({ [key]: MSG.required });
    expect(errorsOf(guidelineSchema.safeParse({ ...validGuideline(), [key]: paragraph(119) }))).toEqual({ [key]: MSG.minLength120 });
  });

  it('refuses a video link without a video id and an image link that is not a web address', () => {
    const errors = errorsOf(guidelineSchema.safeParse({ ...validGuideline(), duringWorkVideo: 'https://vimeo.com/123', afterWorkImg: 'no es una url' }));
    expect(errors).toEqual({ duringWorkVideo: VIDEO_MESSAGE, afterWorkImg: MSG.url });
  });

  it('needs the edited version id on PUT', () => {
    expect(errorsOf(guidelineUpdateSchema.safeParse(validGuideline()))).toEqual({ id: 'Requerido' });
    expect(guidelineUpdateSchema.parse({ ...validGuideline(), id: '7' }).id).toBe(7);
  });
});

describe('tagGroupSchema', () => {
  const group = (keysValues: unknown) => ({ groupName: 'Zona', keysValues, active: true });

  it('accepts a name and its pairs, trimmed; active defaults to true', () => {
    expect(tagGroupSchema.parse({ groupName: ' Zona ', keysValues: [{ key: ' N ', value: ' Norte ' }] })).toEqual({
      groupName: 'Zona',
      keysValues: [{ key: 'N', value: 'Norte' }],
      active: true,
    });
  });

  it("requires each key and each value: 'Clave es requerida', 'Valor es requerido'", () => {
    const errors = errorsOf(tagGroupSchema.safeParse(group([{ key: '', value: 'x' }, { key: 'y', value: '  ' }, {}])));
    expect(errors).toEqual({
      'keysValues.0.key': 'Clave es requerida',
      'keysValues.1.value': 'Valor es requerido',
      'keysValues.2.key': TAG_TEXT.keyRequired,
      'keysValues.2.value': TAG_TEXT.valueRequired,
    });
  });

  it('requires the group name and at least one pair, and refuses a repeated key', () => {
    expect(errorsOf(tagGroupSchema.safeParse({ groupName: '', keysValues: [] }))).toEqual({ groupName: MSG.required, keysValues: TAG_TEXT.atLeastOne });
    expect(errorsOf(tagGroupSchema.safeParse(group([{ key: 'N', value: '1' }, { key: 'n', value: '2' }])))).toEqual({ 'keysValues.1.key': TAG_TEXT.duplicateKey });
  });

  it('takes the state as a boolean', () => {
    expect(tagGroupStateSchema.parse({ id: 3, active: false })).toEqual({ id: 3, active: false });
    expect(tagGroupStateSchema.safeParse({ id: 3, active: 'no' }).success).toBe(false);
  });
});

describe('motiveSchema', () => {
  it("requires the motive: 'Requerido'", () => {
    expect(errorsOf(motiveSchema.safeParse({ motive: ' ' }))).toEqual({ motive: MSG.required });
  });

  it("takes a description of up to 220 characters: 221 gives 'Máximo de 220 caracteres'", () => {
    expect(motiveSchema.parse({ motive: 'Audio', description: 'x'.repeat(220) }).description).toHaveLength(220);
    expect(errorsOf(motiveSchema.safeParse({ motive: 'Audio', description: 'x'.repeat(221) }))).toEqual({ description: 'Máximo de 220 caracteres' });
    expect(MOTIVE_TEXT.descriptionMax).toBe('Máximo de 220 caracteres');
  });

  it('defaults the flags and stores an empty description as null', () => {
    expect(motiveSchema.parse({ motive: 'Audio', description: '' })).toEqual({ motive: 'Audio', description: null, requiresUserComment: false, isActive: true });
  });

  it('takes the state as a boolean', () => {
    expect(motiveStateSchema.safeParse({ id: 1, isActive: 'true' }).success).toBe(false);
  });

  it('states which way the switch goes', () => {
    expect(MOTIVE_TEXT.toggleQuestion(true)).toMatch(/activar/);
    expect(MOTIVE_TEXT.toggleQuestion(false)).toMatch(/desactivar/);
    expect(TAG_TEXT.toggleQuestion(false)).toMatch(/desactivar/);
    expect(CHARACTERISTIC_TEXT.toggleQuestion(true)).toMatch(/ habilitar/);
    expect(CHARACTERISTIC_TEXT.toggleQuestion(false)).toMatch(/inhabilitar/);
  });
});

describe('characteristicSchema', () => {
  it("requires the description: 'Requerido'", () => {
    expect(errorsOf(characteristicSchema.safeParse({ description: '' }))).toEqual({ description: MSG.required });
    expect(characteristicSchema.parse({ description: ' Wifi ' })).toEqual({ description: 'Wifi' });
  });

  it('updates with id plus fields, or id and deletedAt null to enable it again', () => {
    expect(characteristicUpdateSchema.parse({ id: 1, description: 'Wifi' })).toEqual({ id: 1, description: 'Wifi' });
    expect(characteristicUpdateSchema.parse({ id: 1, deletedAt: null })).toEqual({ id: 1, deletedAt: null });
    expect(errorsOf(characteristicUpdateSchema.safeParse({ id: 1 }))).toEqual({ _: CHARACTERISTIC_TEXT.nothingToChange });
    expect(errorsOf(characteristicUpdateSchema.safeParse({ id: 1, deletedAt: '2025-01-01' }))).toEqual({ deletedAt: CHARACTERISTIC_TEXT.onlyNull });
    expect(errorsOf(characteristicUpdateSchema.safeParse({ id: 1, description: '' }))).toEqual({ description: MSG.required });
  });

  it("shows 'Habilitada' while deletedAt is null and 'Inhabilitada' once it is set", () => {
    expect(characteristicState({ deletedAt: null })).toBe('Habilitada');
    expect(characteristicState({ deletedAt: '2025-01-01T00:00:00Z' })).toBe('Inhabilitada');
  });
});

describe('the rich-text editor in Spanish', () => {
  it('has a Spanish text for every toolbar message ra-input-rich-text asks for', () => {
    const dir = join('node_modules', 'ra-input-rich-text', 'src', 'buttons');
    const used = new Set<string>();
    for (const file of readdirSync(dir)) {
      for (const [, key] of readFileSync(join(dir, file), 'utf8').matchAll(/'ra\.tiptap\.([a-z0-9_]+)'/g)) used.add(key);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(tiptapSpanish, key).toHaveProperty(key);
    expect(tiptapSpanish.bold).toBe('Negrita');
  });
});
