import { describe, expect, it } from 'vitest';
import { mainScriptOf, newVersionServed } from '../../src/ui/newVersion';

describe('a new version of the console', () => {
  it("reads the console's script off an index.html as the build writes it", () => {
    const html = '<!doctype html><html lang="es"><head><script type="module" crossorigin src="/assets/index-CApAOrMt.js"></script><link rel="modulepreload" crossorigin href="/assets/jsx-runtime-C3cWAN_r.js"></head></html>';
    expect(mainScriptOf(html)).toBe('/assets/index-CApAOrMt.js');
    expect(mainScriptOf('<!doctype html><script src="/old.js"></script>')).toBeNull();
    expect(mainScriptOf('<html>sin consola</html>')).toBeNull();
  });

  it('is served only when the index.html names another script, once a minute at most', () => {
    const now = 1_000_000_000;
    expect(newVersionServed('/assets/index-a.js', '/assets/index-b.js', 0, now)).toBe(true);
    // The same version: the file failed for another reason (the network), which a reload would not cure.
    expect(newVersionServed('/assets/index-a.js', '/assets/index-a.js', 0, now)).toBe(false);
    // The server did not answer, or answered no console.
    expect(newVersionServed('/assets/index-a.js', null, 0, now)).toBe(false);
    expect(newVersionServed(null, '/assets/index-b.js', 0, now)).toBe(false);
    // Reloaded for it 30 s ago and still told of another version (a cache in between): no reload again.
    expect(newVersionServed('/assets/index-a.js', '/assets/index-b.js', now - 30_000, now)).toBe(false);
    expect(newVersionServed('/assets/index-a.js', '/assets/index-b.js', now - 60_000, now)).toBe(true);
  });
});
