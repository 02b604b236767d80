import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_MB, serverNodeFlags } from '../../server/nodeFlags';

describe("the server process's heap cap", () => {
  it('is the default unless CAMPO_HEAP_MB gives another size', () => {
    expect(serverNodeFlags({})).toEqual([`--max-old-space-size=${DEFAULT_HEAP_MB}`]);
    expect(serverNodeFlags({ CAMPO_HEAP_MB: '512' })).toEqual(['--max-old-space-size=512']);
    expect(serverNodeFlags({ CAMPO_HEAP_MB: 'mucho' })).toEqual([`--max-old-space-size=${DEFAULT_HEAP_MB}`]);
  });
  it('is what `npm start` uses', async () => {
    const { readFileSync } = await import('node:fs');
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    expect(start).toContain(`--max-old-space-size=\${CAMPO_HEAP_MB:-${DEFAULT_HEAP_MB}}`);
  });
});
