import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), xlsxRecordWriter()],
  worker: { plugins: () => [xlsxRecordWriter()] },
  // ra-input-rich-text nests an older @tiptap/core than the extensions it loads expect: one copy of
  // tiptap's core (and of its ProseMirror bundle) for the whole console.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
