import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every text file of the build, once, at build time: the
 * server sends the one the browser takes (server/app.ts, `preCompressed`), 3.7 MB of scripts going as
 * about 1 MB, and compresses nothing per request. Files under 1 KB go as they are.
 */
function precompress(): Plugin {
  return {
    name: 'campo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(dir, file));
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }), gzipped(data, { level: 9 })]);
          await Promise.all([writeFile(join(dir, `${file}.br`), br), writeFile(join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/**
 * SheetJS writes each BIFF record (the .xls cells) by closing its current buffer and opening a fresh
 * block for the next record: a 100,000-move stock export allocated gigabytes and took over a minute.
 * This writes the record's bytes into the current block instead; the file is byte for byte the same
 * (docs/decisions.md, "Exportación .xls"). If SheetJS changes the function, the build stops here.
 */
function xlsxRecordWriter(): Plugin {
  const slow = `\tvar o = ba.next(4);
\to.write_shift(2, t);
\to.write_shift(2, len);
\tif(/*:: len != null &&*/len > 0 && is_buf(payload)) ba.push(payload);`;
  const fast = `\tvar plen = len > 0 && is_buf(payload) ? payload.length : 0;
\tvar o = ba.next(4 + plen);
\to.write_shift(2, t);
\to.write_shift(2, len);
\tfor(var pi = 0; pi < plen; ++pi) o[o.l++] = payload[pi];`;
  return {
    name: 'campo-xlsx-record-writer',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]xlsx[\\/]xlsx\.mjs$/.test(id.split('?')[0])) return null;
      if (!code.includes(slow)) throw new Error('campo-xlsx-record-writer: write_biff_rec changed in this SheetJS version; review the patch');
      return { code: code.replace(slow, fast), map: null };
    },
  };
}

/**
 * Emotion (MUI's styles) names each style it renders by the murmur hash of its whole CSS text, after
 * scanning that text for `label:`, on every render of every styled element: the same few hundred texts,
 * 1–2 KB each, hashed again at each render. This keeps each text's name once computed (a Map, whose lookup
 * hashes and compares the text in the engine's native code), up to NAMES_KEPT texts. The name is the same
 * function of the same text, so the classes and the style sheet are the same. In the browser tests (whose
 * engine only interprets), about a fifth of the console's own JavaScript time was this hash and scan; the
 * pages' CPU fell 14 % (docs/decisions.md, "Los nombres de los estilos"). If emotion changes the function,
 * the build stops here.
 */
export function emotionNameCache(): Plugin {
  const slow = `  labelPattern.lastIndex = 0;
  var identifierName = '';
  var match; // https://esbench.com/bench/5b809c2cf2949800a0f61fb5

  while ((match = labelPattern.exec(styles)) !== null) {
    identifierName += '-' + match[1];
  }

  var name = hashString(styles) + identifierName;
`;
  const fast = `  var name = campoStyleNames.get(styles);
  if (name === undefined) {
    labelPattern.lastIndex = 0;
    var identifierName = '';
    var match;
    while ((match = labelPattern.exec(styles)) !== null) {
      identifierName += '-' + match[1];
    }
    name = hashString(styles) + identifierName;
    if (campoStyleNames.size >= ${NAMES_KEPT}) campoStyleNames.clear();
    campoStyleNames.set(styles, name);
  }
`;
  return {
    name: 'campo-emotion-name-cache',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]@emotion[\\/]serialize[\\/]dist[\\/]emotion-serialize\.(development\.)?esm\.js$/.test(id.split('?')[0])) return null;
      if (!code.includes(slow)) throw new Error('campo-emotion-name-cache: serializeStyles changed in this emotion version; review the patch');
      return { code: `var campoStyleNames = new Map();\n${code.replace(slow, fast)}`, map: null };
    },
  };
}

/** How many style texts keep their name (emotionNameCache): a screen renders a few hundred; the whole console, a few thousand. */
export const NAMES_KEPT = 20_000;

export default defineConfig({
  plugins: [react(), xlsxRecordWriter(), emotionNameCache(), precompress()],
  worker: { plugins: () => [xlsxRecordWriter()] },
  // ra-input-rich-text nests an older @tiptap/core than the extensions it loads expect: one copy of
  // tiptap's core (and of its ProseMirror bundle) for the whole console.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
