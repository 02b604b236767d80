/**
 * Gzip sizes of what the browser loads: the login page (index.html's entry and its static imports)
 * and the admin shell (the lazy App chunk and what it imports). Run after `vite build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(process.cwd(), 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean; src?: string }
>;

const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;

/** A chunk with everything it imports statically, each counted once. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const size = (keys: Set<string>) => {
  let total = 0;
  for (const key of keys) {
    total += gz(manifest[key].file);
    for (const css of manifest[key].css ?? []) total += gz(css);
  }
  return total;
};

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const login = closure(entryKey);
const appKey = manifest[entryKey].dynamicImports?.find((k) => k.endsWith('App.tsx'));
if (!appKey) throw new Error('No se encontró el chunk del shell (App.tsx)');
const shell = closure(appKey, new Set(login));
for (const key of login) shell.delete(key);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const loginSize = size(login);
const shellSize = size(shell);
console.log(`login page (gzip): ${kb(loginSize)}  (goal ≤ 120 KB)`);
console.log(`admin shell (gzip, on top of the login page): ${kb(shellSize)}  (goal ≤ 350 KB)`);
const lazy = Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js') && !login.has(k) && !shell.has(k));
for (const key of lazy) console.log(`  lazy chunk ${manifest[key].file} (${key}): ${kb(gz(manifest[key].file))}`);
if (loginSize > 120 * 1024 || shellSize > 350 * 1024) process.exitCode = 1;
