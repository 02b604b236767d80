/** Rules for rich texts and media links (spec 3 §5 minLength120, spec 3 §9 video ids). */
import { z } from 'zod';
import { MSG, textOr } from './validation';

/** Rich texts are HTML: capped well above any real instruction so nothing huge reaches the database. */
export const MAX_RICH_TEXT = 50_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text a reader sees in an HTML fragment: tags removed (with the content of scripts and styles,
 * which nobody reads), entities decoded, surrounding spaces trimmed.
 */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    })
    .trim();
}

/** Characters a reader sees (a letter with its accent is one, as is an emoji). */
export const visibleLength = (html: string): number => [...stripHtml(html)].length;

/** A required rich text with at least `min` visible characters: 'Requerido', then 'Debe ingresar 120 caracteres o más'. */
export function richText(min = 120) {
  return textOr(MSG.required)
    .max(MAX_RICH_TEXT, MSG.tooLong)
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
  .max(500, MSG.tooLong)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || videoId(v) !== null, VIDEO_MESSAGE);
