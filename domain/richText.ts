/** Rules for rich texts and media links (spec 3 §5 minLength120, spec 3 §9 video ids). */
import { z } from 'zod';
import { MSG, textOr, tooLong, tooLongFor } from './validation';
import { formatCount } from './numbers';

/** Rich texts are HTML: capped well above any real instruction so nothing huge reaches the database. */
export const MAX_RICH_TEXT = 50_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The fragment without its scripts and styles (each from its opening tag to its closing one, as
 * `<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>` would take them, one left open stays), in one pass:
 * that pattern searched the rest of the text for a closing tag from every opening one (quadratic:
 * thousands of '<script>' never closed held the server for seconds).
 */
function withoutScripts(html: string): string {
  const lower = html.toLowerCase();
  /** Where the search for each tag's closing found none: no later opening of it closes either. */
  const unclosedFrom: Record<string, number> = {};
  let out = '';
  let kept = 0;
  let at = lower.indexOf('<', 0);
  while (at !== -1) {
    const name = lower.startsWith('<script', at) ? 'script' : lower.startsWith('<style', at) ? 'style' : null;
    const after = at + 1 + (name?.length ?? 0);
    if (!name || /\w/.test(lower[after] ?? '') || (unclosedFrom[name] ?? Infinity) <= at) {
      at = lower.indexOf('<', at + 1);
      continue;
    }
    const openEnd = lower.indexOf('>', after);
    // No '>' after this '<': none after any later one either.
    if (openEnd === -1) break;
    let close = lower.indexOf(`</${name}`, openEnd + 1);
    let closeEnd = -1;
    while (close !== -1) {
      let k = close + 2 + name.length;
      while (k < lower.length && /\s/.test(lower[k])) k++;
      if (lower[k] === '>') {
        closeEnd = k + 1;
        break;
      }
      close = lower.indexOf(`</${name}`, close + 1);
    }
    if (closeEnd === -1) {
      unclosedFrom[name] = at;
      at = lower.indexOf('<', at + 1);
      continue;
    }
    out += html.slice(kept, at);
    kept = closeEnd;
    at = lower.indexOf('<', closeEnd);
  }
  return kept === 0 ? html : out + html.slice(kept);
}

/**
 * The fragment without its tags, each a '<' to the first '>' after it, as `<[^>]*>` takes them (a
 * removal never joins two pieces into a new tag: '<<p>A>' leaves 'A>'), in one pass: that pattern
 * tried every '<' to the end of the text when no '>' followed (quadratic on '<<<…').
 */
function withoutTags(html: string): string {
  let out = '';
  let kept = 0;
  let at = html.indexOf('<');
  while (at !== -1) {
    const end = html.indexOf('>', at + 1);
    // No '>' after this '<': none after any later one either.
    if (end === -1) break;
    out += html.slice(kept, at);
    kept = end + 1;
    at = html.indexOf('<', kept);
  }
  return kept === 0 ? html : out + html.slice(kept);
}

/**
 * The text a reader sees in an HTML fragment: tags removed (with the content of scripts and styles,
 * which nobody reads), entities decoded, surrounding spaces trimmed.
 */
export function stripHtml(html: string): string {
  return withoutTags(withoutScripts(html))
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    })
    .trim();
}

/** Characters a reader sees (a letter with its accent is one, as is an emoji). */
export const visibleLength = (html: string): number => [...stripHtml(html)].length;

/** The most tags a rich text may hold: a long instruction has hundreds. */
export const MAX_RICH_TAGS = 5_000;
export const TOO_MANY_TAGS = `El texto tiene demasiadas etiquetas de formato (más de ${formatCount(MAX_RICH_TAGS)}).`;

/** How many tags (a '<' and a letter, '/' or '!') the text has, counted up to `limit + 1`. */
export function tagsOver(html: string, limit: number): boolean {
  let tags = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) if (/[a-z/!]/i.test(html[at + 1] ?? '') && ++tags > limit) return true;
  return false;
}

/**
 * A required rich text with at least `min` visible characters: 'Requerido', then 'Debe ingresar 120
 * caracteres o más'. Its tags are capped: the sanitizer searches its stack of open tags at each closing
 * one, and 25,000 '<ul><li>' closed by '</ol>' took it seconds.
 */
export function richText(min = 120) {
  return textOr(MSG.required)
    .max(MAX_RICH_TEXT, tooLong(MAX_RICH_TEXT))
    .refine((html) => !tagsOver(html, MAX_RICH_TAGS), { message: TOO_MANY_TAGS, abort: true })
    .superRefine((html, ctx) => {
      const length = visibleLength(html);
      if (length === 0) ctx.addIssue({ code: 'custom', message: MSG.required });
      else if (length < min) ctx.addIssue({ code: 'custom', message: MSG.minLength120 });
    });
}

/** A YouTube video id: 11 characters of letters, digits, '-' and '_'. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = /^(www\.|m\.|music\.)?(youtube\.com|youtube-nocookie\.com)$/i;

/**
 * The 11-character video id of a YouTube link (watch?v=, youtu.be/, embed/, shorts/, live/) or of
 * a bare id; null when the text is neither.
 */
export function videoId(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (VIDEO_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') candidate = url.pathname.split('/')[1] ?? null;
  else if (YOUTUBE_HOSTS.test(host)) {
    const [first, second] = url.pathname.split('/').slice(1);
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(first ?? '')) candidate = second ?? null;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The player address a preview frames for a video id. */
export const videoEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

export const VIDEO_MESSAGE = 'Ingrese un enlace de YouTube o el id de 11 caracteres del video';

/** An optional video link: empty becomes null; otherwise it must name a video id. */
export const optionalVideo = z
  .string()
  .trim()
  .max(500, tooLongFor(500))
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || videoId(v) !== null, VIDEO_MESSAGE);
