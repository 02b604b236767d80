/**
 * The merit certificate's page: every line inside the inner frame, a name of the longest the forms
 * allow (point of sale 250, client 120, project 150 characters) whole and readable, the rest of the
 * page moved down for it and still clear of the footer.
 */
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { LOCATION_NAME_MAX } from '../../domain/locations';
import type { PerformanceItem } from '../../domain/reports';
import { drawCertificate } from '../../src/resources/reports/certificate';

const row = (names: { location: string; client: string; project: string }): PerformanceItem => ({
  id: 1,
  code: 'M-0000462',
  questionnaireResult: 85.5,
  startAuditDate: null,
  completedAuditDate: null,
  visitDate: '2026-11-24T15:00:00.000Z',
  projectLocation: {
    id: 1,
    projects: { id: 1, name: names.project, client: { id: 1, name: names.client }, campaigns: null },
    locations: { id: 1, code: 'L-1', clientLocationId: 'CAF-007', fullName: names.location },
  },
});

function draw(names: { location: string; client: string; project: string }) {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: false });
  const lines = drawCertificate(doc, row(names));
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  for (const line of lines) {
    const left = line.align === 'center' ? line.x - line.width / 2 : line.align === 'right' ? line.x - line.width : line.x;
    expect(left, line.text).toBeGreaterThanOrEqual(15);
    expect(left + line.width, line.text).toBeLessThanOrEqual(width - 15);
    expect(line.y, line.text).toBeLessThanOrEqual(height - 15);
  }
  return lines;
}

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ').slice(0, n);

describe('the merit certificate', () => {
  it('keeps a short name on one line at its full size', () => {
    const lines = draw({ location: 'Café del Plata Bahía Blanca', client: 'Café del Plata', project: 'Programa de calidad en locales' });
    const name = lines.find((l) => l.text === 'Café del Plata Bahía Blanca')!;
    expect(name.size).toBe(20);
    expect(lines.map((l) => l.text)).toContain('por el resultado obtenido en el proyecto Programa de calidad en locales');
  });

  it('writes the longest names whole inside the frame, at a readable size, above the footer', () => {
    const location = `Café del Plata Bahía Blanca - Shopping Paseo del Sol, local 12, planta alta, frente al patio de comidas ${words(LOCATION_NAME_MAX, 'Mediterráneo')}`.slice(0, LOCATION_NAME_MAX);
    const client = words(120, 'Distribuidora');
    const project = words(150, 'Relevamiento');
    const lines = draw({ location, client, project });
    const texts = lines.map((l) => l.text);
    const joined = (from: number, count: number) => texts.slice(from, from + count).join(' ');
    // The name's lines, after 'Se otorga al punto de venta', give back the whole name.
    const start = texts.indexOf('Se otorga al punto de venta') + 1;
    const nameLines = lines.slice(start).findIndex((l) => l.text.startsWith('del cliente'));
    expect(nameLines).toBeGreaterThan(1);
    expect(joined(start, nameLines).replace(/\s+/g, ' ')).toBe(location.replace(/\s+/g, ' '));
    for (const l of lines.slice(start, start + nameLines)) expect(l.size).toBeGreaterThanOrEqual(12);
    // The project line wraps too, and nothing is lost of it.
    const projectAt = texts.findIndex((t) => t.startsWith('por el resultado obtenido'));
    const scoreAt = texts.findIndex((t) => t.startsWith('Puntaje:'));
    expect(joined(projectAt, scoreAt - projectAt).replace(/\s+/g, ' ')).toBe(`por el resultado obtenido en el proyecto ${project}`.replace(/\s+/g, ' '));
    // The score stays clear of the footer's line (date, code, country).
    const footer = lines.find((l) => l.text.startsWith('Código de visita'))!;
    expect(lines[scoreAt].y).toBeLessThan(footer.y - 6);
  });

  it('prints names with characters its font lacks legibly: a mark dropped, a look-alike, no emoji, never a garbled line', () => {
    const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: false });
    const lines = drawCertificate(doc, row({ location: 'Café ☕ “Łódź” Őrség', client: 'Heladería Ñandú', project: 'Plan 2026 👍🏽' }));
    const texts = lines.map((l) => l.text);
    expect(texts).toContain('Café “Lódz” Orség');
    expect(texts).toContain('del cliente Heladería Ñandú');
    expect(texts).toContain('por el resultado obtenido en el proyecto Plan 2026');
    // jsPDF writes a string with one character outside WinAnsi as UTF-16, which its standard font shows garbled.
    const shown = [...doc.output().matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]);
    expect(shown.filter((s) => s.includes('\u0000'))).toEqual([]);
  });
});
