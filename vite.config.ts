import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // ra-input-rich-text nests an older @tiptap/core than the extensions it loads expect: one copy of
  // tiptap's core (and of its ProseMirror bundle) for the whole console.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
