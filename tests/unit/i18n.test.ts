import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raSpanish } from '../../src/i18n/es';

type Tree = { [key: string]: unknown };

/** Recorre un árbol de mensajes y devuelve [ruta, valor] de cada hoja. */
function leaves(node: unknown, prefix: string): Array<[string, unknown]> {
    if (node === null || typeof node !== 'object') return [[prefix, node]];
    return Object.entries(node as Tree).flatMap(([key, value]) =>
        leaves(value, prefix ? `${prefix}.${key}` : key),
    );
}

function get(root: unknown, path: string): unknown {
    return path
        .split('.')
        .reduce<unknown>(
            (node, key) =>
                node !== null && typeof node === 'object'
                    ? (node as Tree)[key]
                    : undefined,
            root,
        );
}

const placeholders = (text: string): string[] =>
    [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!))].sort();

/**
 * Placeholders que se omiten a propósito porque el texto en español fue
 * fijado literalmente (polyglot ignora los valores de interpolación sobrantes).
 */
const OMITTED_PLACEHOLDERS: Record<string, string[]> = {
    'ra.navigation.no_results': ['name'],
    'ra.page.empty': ['name'],
};

const englishLeaves = leaves(englishMessages.ra, 'ra');

describe('traducción al español de react-admin (raSpanish)', () => {
    it('el árbol en inglés tiene claves', () => {
        expect(englishLeaves.length).toBeGreaterThan(100);
    });

    it.each(englishLeaves)('%s existe y coincide con el inglés', (path, english) => {
        expect(typeof english).toBe('string');
        const spanish = get(raSpanish, path);
        expect(typeof spanish, `falta la clave ${path}`).toBe('string');
        expect((spanish as string).length).toBeGreaterThan(0);

        const omitted = OMITTED_PLACEHOLDERS[path] ?? [];
        const expected = placeholders(english as string).filter(
            (name) => !omitted.includes(name),
        );
        for (const name of expected) {
            expect(spanish as string, `${path} debe contener %{${name}}`).toContain(
                `%{${name}}`,
            );
        }

        // Mismas formas de plural smart_count ("singular |||| plural").
        expect((spanish as string).split('||||').length).toBe(
            (english as string).split('||||').length,
        );
    });

    it('no tiene claves que no existan en inglés', () => {
        const englishPaths = new Set(englishLeaves.map(([path]) => path));
        const extra = leaves(raSpanish.ra, 'ra')
            .map(([path]) => path)
            .filter((path) => !englishPaths.has(path));
        expect(extra).toEqual([]);
    });
});
