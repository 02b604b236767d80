/**
 * The dashboard's charts, drawn as plain SVG: each one is an image with a text alternative that
 * reads every value, and shows its values as labels, coloured by the statistics' bands. Each is drawn
 * at the width its frame has, one SVG unit a pixel: scaled into a phone's frame, a chart drawn 900
 * wide had its 11 px labels at 4 px, unreadable.
 */
import { Box, Typography } from '@mui/material';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { formatPercent, STATISTIC_BAND_STYLE, type StatisticBand, statisticBand } from '../../../domain/statistics';

export interface ChartItem {
  label: string;
  /** Null: visits whose every result is N/A (a bar shows 'N/A'; a line, a gap). */
  value: number | null;
  /** A second line for the text alternative ('12 visitas'). */
  detail?: string;
}

const bandColor = (value: number) => STATISTIC_BAND_STYLE[statisticBand(value)].color;
/** A value as its label says it: N/A when its visits have no result. */
const shownValue = (value: number | null) => (value === null ? 'N/A' : formatPercent(value));
/** A chart's text alternative: every value, N/A for visits without a result, 'sin visitas' where a line chart has a gap. */
const describe = (title: string, items: ChartItem[]) =>
  `${title}: ${items.map((i) => (i.value === null && !i.detail ? `${i.label} sin visitas` : `${i.label} ${shownValue(i.value)}${i.detail ? ` (${i.detail})` : ''}`)).join('; ')}.`;

/** The narrowest a chart is drawn: below, its frame scrolls. */
const MIN_WIDTH = 260;

/** The width of the element `ref` is put on, followed as the window changes (`initial` until measured). */
function useFrameWidth(initial: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = (w: number) => setWidth(Math.max(MIN_WIDTH, Math.floor(w)));
    measure(frame.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => measure(entry.contentRect.width));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A label cut to what fits in `room` pixels at about 6.5 px a character of 12 px text. */
const fitted = (label: string, room: number) => {
  const chars = Math.max(4, Math.floor(room / 6.5));
  return label.length > chars ? `${label.slice(0, chars - 1)}…` : label;
};

/**
 * A chart's figure: its caption, a heading (a screen reader jumps from chart to chart by headings), and
 * its SVG, an image whose text alternative reads every value.
 */
function ChartFigure({ frame, title, items, width, height, children }: { frame: RefObject<HTMLElement | null>; title: string; items: ChartItem[]; width: number; height: number; children: ReactNode }) {
  return (
    <Box component="figure" ref={frame} sx={{ m: 0, overflowX: 'auto' }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        <Box component="h3" sx={{ font: 'inherit', m: 0 }}>
          {title}
        </Box>
      </Typography>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={describe(title, items)} style={{ display: 'block' }}>
        {children}
      </svg>
    </Box>
  );
}

/** Horizontal bars from 0 to 100, with the 65 and 75 thresholds marked. */
export function BarChart({ title, items }: { title: string; items: ChartItem[] }) {
  const [frame, frameWidth] = useFrameWidth(480);
  // Bars no longer than a comfortable reading line on a wide screen.
  const width = Math.min(frameWidth, 720);
  const besideWidth = Math.min(150, Math.round(width * 0.32));
  // A label that does not fit beside its bar goes over it, on the chart's whole width: on a phone
  // 'Tiempos de espera' was cut to 'Tiempos de…', its whole only in a title a finger cannot hover.
  const stacked = items.some((item) => fitted(item.label, besideWidth - 12) !== item.label);
  // Stacked, the bars start a little in, so the axis' '0' under them is not cut in half.
  const labelWidth = stacked ? 8 : besideWidth;
  const barArea = width - labelWidth - 64;
  const row = stacked ? 44 : 30;
  const height = items.length * row + 28;
  const x = (v: number) => labelWidth + (Math.max(0, Math.min(100, v)) / 100) * barArea;
  return (
    <ChartFigure frame={frame} title={title} items={items} width={width} height={height}>
      {[0, 25, 50, 75, 100].map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={0} y2={height - 22} stroke="#e0e0e0" />
          <text x={x(t)} y={height - 6} fontSize="11" textAnchor="middle" fill="#616161">
            {t}
          </text>
        </g>
      ))}
      {[65, 75].map((t) => (
        <line key={t} x1={x(t)} x2={x(t)} y1={0} y2={height - 22} stroke={bandColor(t - 0.01)} strokeDasharray="4 3" />
      ))}
      {items.map((item, i) => {
        // Stacked: the label on a line of its own, the bar under it.
        const y = stacked ? i * row + 20 : i * row + 6;
        return (
          <g key={item.label}>
            <title>{`${item.label}: ${shownValue(item.value)}${item.detail ? `, ${item.detail}` : ''}`}</title>
            {stacked ? (
              // Haloed: the grid's lines cross the label's line.
              <text x={labelWidth} y={y - 5} fontSize="12" fill="#212121" stroke="#fff" strokeWidth={3} paintOrder="stroke">
                {fitted(item.label, width - labelWidth)}
              </text>
            ) : (
              <text x={labelWidth - 8} y={y + 15} fontSize="12" textAnchor="end" fill="#212121">
                {fitted(item.label, labelWidth - 12)}
              </text>
            )}
            {item.value !== null && <rect x={labelWidth} y={y} width={Math.max(2, x(item.value) - labelWidth)} height={18} rx={3} fill={bandColor(item.value)} />}
            <text x={x(item.value ?? 0) + 6} y={y + 15} fontSize="12" fontWeight="bold" fill="#212121">
              {shownValue(item.value)}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}

/** A point of a line chart: `value` null where there is nothing to show (a month without visits, or only N/A ones). */
export type LinePoint = ChartItem;

/**
 * Results by period: a line with one labelled point per period, and the 65 and 75 thresholds. A point
 * without a value is a gap: the line stops there and starts again after it.
 */
export function LineChart({ title, items }: { title: string; items: LinePoint[] }) {
  const [frame, width] = useFrameWidth(900);
  const height = 260;
  const left = 36;
  const right = 34;
  const top = 22;
  const bottom = 44;
  // The first and last points stay clear of the axis labels.
  const pad = 18;
  const step = items.length > 1 ? (width - left - right - 2 * pad) / (items.length - 1) : 0;
  const x = (i: number) => (items.length > 1 ? left + pad + i * step : (width - left - right) / 2 + left);
  const y = (v: number) => top + (1 - Math.max(0, Math.min(100, v)) / 100) * (height - top - bottom);
  const path = items
    .map((item, i) => (item.value === null ? '' : `${i && items[i - 1].value !== null ? 'L' : 'M'}${x(i).toFixed(1)},${y(item.value).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  // An axis label every so many periods, about 56 px apart ('sep 2026' is ~45 px wide); a point's
  // value every so many, ~42 px apart.
  const labelEvery = step ? Math.max(1, Math.ceil(56 / step)) : 1;
  // A value reads as the cards do ('70,5 %'), ~40 px wide at 11 px.
  const valueEvery = step ? Math.max(1, Math.ceil(42 / step)) : 1;
  // Counted back from the latest period: it is always labelled, as the 'Último período' card beside it
  // (counted from the first, a phone showed jul, sep, nov and left the latest, dic, bare).
  const fromLatest = (i: number, every: number) => (items.length - 1 - i) % every === 0;
  return (
    <ChartFigure frame={frame} title={title} items={items} width={width} height={height}>
      {[0, 25, 50, 75, 100].map((t) => (
        <g key={t}>
          <line x1={left} x2={width - right} y1={y(t)} y2={y(t)} stroke="#eeeeee" />
          <text x={left - 6} y={y(t) + 4} fontSize="11" textAnchor="end" fill="#616161">
            {t}
          </text>
        </g>
      ))}
      {[65, 75].map((t) => (
        <line key={t} x1={left} x2={width - right} y1={y(t)} y2={y(t)} stroke={bandColor(t - 0.01)} strokeDasharray="5 4" />
      ))}
      <path d={path} fill="none" stroke="#546e7a" strokeWidth={2} />
      {items.map((item, i) => (
        <g key={item.label}>
          {item.value === null ? (
            <title>{item.detail ? `${item.label}: N/A, ${item.detail}` : `${item.label}: sin visitas`}</title>
          ) : (
            <>
              <title>{`${item.label}: ${formatPercent(item.value)}${item.detail ? `, ${item.detail}` : ''}`}</title>
              <circle cx={x(i)} cy={y(item.value)} r={5} fill={bandColor(item.value)} stroke="#fff" strokeWidth={1.5} />
              {fromLatest(i, valueEvery) && (
                // Haloed: the 65 and 75 lines, and the line itself, cross a value that sits near them.
                <text x={x(i)} y={y(item.value) - 9} fontSize="11" textAnchor="middle" fill="#212121" stroke="#fff" strokeWidth={3} paintOrder="stroke">
                  {formatPercent(item.value)}
                </text>
              )}
            </>
          )}
          {fromLatest(i, labelEvery) && (
            <text x={x(i)} y={height - bottom + 18} fontSize="11" textAnchor="middle" fill="#424242">
              {item.label}
            </text>
          )}
        </g>
      ))}
    </ChartFigure>
  );
}

/** The three bands, as the charts colour them. */
export function BandLegend() {
  return (
    <Box component="ul" aria-label="Referencias de colores" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
      {(Object.keys(STATISTIC_BAND_STYLE) as StatisticBand[]).map((band) => (
        <Box component="li" key={band} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: STATISTIC_BAND_STYLE[band].color }} />
          <Typography variant="body2">{STATISTIC_BAND_STYLE[band].label}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A figure a client reads first: the value in its band's colour; 'N/A' for visits without a result
 * (`counted`), '-' for nothing at all.
 */
export function Kpi({ label, value, caption, counted = false }: { label: string; value: number | null; caption?: string; counted?: boolean }) {
  return (
    <Box sx={{ p: 2, borderRadius: 2, border: 1, borderColor: 'divider', minWidth: 180, flex: 1 }}>
      <Typography variant="body2" color="text.secondary" component="h3" sx={{ m: 0 }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: value === null ? 'text.secondary' : bandColor(value) }}>
        {value === null ? (counted ? 'N/A' : '-') : formatPercent(value)}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Box>
  );
}
