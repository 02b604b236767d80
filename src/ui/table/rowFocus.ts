import { type RefObject, useEffect, useRef } from 'react';
import { focusLost } from '../focusBack';

/** The attribute a list's row carries its record's id in. */
export const ROW_ID = 'data-row-id';

/** Where the keyboard was in a list's row when the list was left: the row, and the name of the control in it (null: the row itself). */
interface Left {
  id: string;
  name: string | null;
}

/** Per list (its key), for the tab's life: a list left for a record's page and shown again. */
const leftAt = new Map<string, Left>();

const nameOf = (el: Element): string | null => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? null;
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/**
 * A list left from one of its rows ('Editar Café del Plata', the row of a move) and shown again (the form's
 * 'Volver', the browser's Back) gives the keyboard back to that control, or to its row: it started over at the
 * page's top, and a keyboard or screen-reader user had to find the row again. Only when nothing else has the
 * focus (a list opened from the menu keeps it there, and its search box takes it), and once per leaving.
 * `body` holds the rows, each with its record's id in `ROW_ID`; `rows` changes when they are drawn.
 */
export function useRowFocusBack(key: string, body: RefObject<HTMLElement | null>, rows: unknown): void {
  const last = useRef<Left | null>(null);
  useEffect(() => {
    const track = (e: FocusEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const row = target && body.current?.contains(target) ? target.closest(`[${ROW_ID}]`) : null;
      last.current = row && target ? { id: row.getAttribute(ROW_ID) ?? '', name: target === row ? null : nameOf(target) } : null;
    };
    document.addEventListener('focusin', track, true);
    return () => {
      document.removeEventListener('focusin', track, true);
      if (last.current) leftAt.set(key, last.current);
      else leftAt.delete(key);
    };
  }, [key, body]);
  useEffect(() => {
    const kept = leftAt.get(key);
    const row = kept && [...(body.current?.querySelectorAll<HTMLElement>(`[${ROW_ID}]`) ?? [])].find((r) => r.getAttribute(ROW_ID) === kept.id);
    // Not drawn yet (its page still loading): the next rows may hold it. Drawn without it: nothing to give back.
    if (!kept || !rows || !body.current) return;
    leftAt.delete(key);
    if (!row || !focusLost()) return;
    const control = kept.name === null ? undefined : [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].find((el) => nameOf(el) === kept.name);
    (control ?? (row.tabIndex >= 0 ? row : row.querySelector<HTMLElement>(FOCUSABLE)))?.focus();
  }, [key, body, rows]);
}
