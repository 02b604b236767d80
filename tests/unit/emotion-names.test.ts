/**
 * The build's patch of emotion's serializeStyles (vite.config.ts `emotionNameCache`): each style text keeps the
 * name emotion would give it, computed once. The patched module is emotion's own file as the build transforms
 * it, loaded beside the original and compared with it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { emotionNameCache, NAMES_KEPT } from '../../vite.config';

type Serialized = { name: string; styles: string; next?: unknown };
type Serialize = (args: unknown[], registered?: Record<string, string>, props?: unknown) => Serialized;

const require = createRequire(import.meta.url);
const SERIALIZE_DIR = dirname(require.resolve('@emotion/serialize/package.json'));
const FILES = ['emotion-serialize.esm.js', 'emotion-serialize.development.esm.js'];

function transform(code: string, file: string): string | null {
  const plugin = emotionNameCache() as unknown as { transform: (code: string, id: string) => { code: string } | null };
  return plugin.transform(code, join(SERIALIZE_DIR, 'dist', file))?.code ?? null;
}

/** The patched file, written where its imports (@emotion/hash, …) resolve as the original's do. */
async function loadPatched(file: string): Promise<Serialize> {
  const code = transform(readFileSync(join(SERIALIZE_DIR, 'dist', file), 'utf8'), file);
  if (!code) throw new Error(`${file} was not transformed`);
  const dir = join(process.cwd(), 'node_modules', '.cache', 'campo-emotion-names');
  mkdirSync(dir, { recursive: true });
  const target = join(dir, file.replace(/\.js$/, '.mjs'));
  writeFileSync(target, code);
  return ((await import(pathToFileURL(target).href)) as { serializeStyles: Serialize }).serializeStyles;
}

/** Styles as MUI hands them to emotion: objects, template strings, functions of the props, labels, nesting. */
const SAMPLES: unknown[][] = [
  [{ color: 'red', padding: 8 }],
  [{ display: 'flex', '&:hover': { backgroundColor: 'rgba(0, 0, 0, 0.04)' }, '@media (min-width:600px)': { padding: 16 } }],
  [Object.assign(['color: blue; label: Campo;', ''], { raw: ['color: blue; label: Campo;', ''] })],
  [{ label: 'MuiButton-root', fontWeight: 500 }, { label: 'variant', textTransform: 'none' }],
  [(props: { dense: boolean }) => ({ minHeight: props.dense ? 32 : 48 })],
  ['margin: 0;', { lineHeight: 1.5 }],
];

describe('emotion style names kept once computed', () => {
  let original: Serialize;
  const patched: Record<string, Serialize> = {};
  beforeAll(async () => {
    original = ((await import('@emotion/serialize')) as unknown as { serializeStyles: Serialize }).serializeStyles;
    for (const file of FILES) patched[file] = await loadPatched(file);
  });

  it.each(FILES)('%s: the same name and styles as emotion, the first time and every time after', (file) => {
    for (const sample of SAMPLES) {
      for (const props of [{ dense: true }, { dense: false }]) {
        const expected = original(sample, {}, props);
        for (let time = 0; time < 3; time++) {
          const got = patched[file](sample, {}, props);
          expect(got.name).toBe(expected.name);
          expect(got.styles).toBe(expected.styles);
        }
      }
    }
    // A label still names the style (emotion appends it to the hash).
    expect(patched[file](SAMPLES[3], {}, {}).name).toMatch(/-MuiButton-root-variant$/);
  });

  it('names stay right past the cache size, when it starts over', () => {
    const serialize = patched[FILES[0]];
    for (let n = 0; n <= NAMES_KEPT + 10; n++) {
      const styles = [{ width: n }];
      if (n % 997 === 0 || n > NAMES_KEPT - 5) expect(serialize(styles).name).toBe(original(styles).name);
      else serialize(styles);
    }
    expect(serialize([{ width: 3 }]).name).toBe(original([{ width: 3 }]).name);
  });

  it('the build patches only emotion serialize, and stops if emotion changed the function', () => {
    const code = readFileSync(join(SERIALIZE_DIR, 'dist', FILES[0]), 'utf8');
    const out = transform(code, FILES[0]);
    expect(out).toContain('campoStyleNames.get(styles)');
    expect(out).not.toContain('var name = hashString(styles) + identifierName;');
    const plugin = emotionNameCache() as unknown as { transform: (code: string, id: string) => unknown };
    expect(plugin.transform(code, '/app/node_modules/@emotion/react/dist/emotion-react.esm.js')).toBeNull();
    expect(plugin.transform(code, '/app/src/main.tsx')).toBeNull();
    expect(() => transform(code.replace('hashString(styles) + identifierName', 'hashString(styles)'), FILES[0])).toThrow(/serializeStyles changed/);
  });
});
