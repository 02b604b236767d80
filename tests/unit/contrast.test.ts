/** The console's colours read at WCAG AA: white text on them, and them as text on the page. */
import { describe, expect, it } from 'vitest';
import { MOVE_STATUS_COLOR } from '../../domain/moves';
import { STATISTIC_BAND_STYLE } from '../../domain/statistics';
import { SELECTED_ROW_BACKGROUND, theme } from '../../src/layout/theme';

/** WCAG 2 relative luminance of '#rrggbb' or '#rgb'. */
function luminance(color: string): number {
  const hex = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('colour contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#f57c00', '#ffffff')).toBeCloseTo(2.7, 1);
  });

  it('gives the primary colour 4.5:1 against white text and the page background', () => {
    const primary = theme.palette.primary.main;
    expect(contrast(primary, theme.palette.primary.contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(primary, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every colour a button or chip can take 4.5:1 with its text', () => {
    for (const name of ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const) {
      const { main, contrastText } = theme.palette[name];
      expect(contrast(main, contrastText), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps a row's text buttons at 4.5:1 when the row is selected or under the pointer", () => {
    // The row's actions ('Editar', 'Locaciones'…) are primary; its toggle 'Desactivar' / 'Activar' is error / success.
    const hovered = '#f5f5f5'; // MUI's hover: black at 4 % over white
    for (const name of ['primary', 'error', 'success'] as const) {
      expect(contrast(theme.palette[name].main, SELECTED_ROW_BACKGROUND), `${name} on a selected row`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.palette[name].main, hovered), `${name} on a hovered row`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives every status chip and result band 4.5:1 with white text', () => {
    for (const color of [...Object.values(MOVE_STATUS_COLOR), ...Object.values(STATISTIC_BAND_STYLE).map((s) => s.color)]) {
      expect(contrast(color!, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
