/**
 * Where the keyboard goes after a question moves, or a question, sub-dimension or dimension goes away.
 * React re-renders the list after the change (and the confirmation gives the focus back to a button
 * that no longer exists), so the focus is placed on the next task once the list on screen is the new one.
 *
 * Each item carries `data-<kind>` and its delete button `data-remove="<kind>"`, kind being
 * 'question-row', 'subdimension' or 'dimension'.
 */

export type ItemKind = 'question-row' | 'subdimension' | 'dimension';

const itemsIn = (box: HTMLElement | null, kind: ItemKind) => Array.from(box?.querySelectorAll<HTMLElement>(`[data-${kind}]`) ?? []);

const enabled = (item: HTMLElement | undefined, selector: string) => item?.querySelector<HTMLButtonElement>(`${selector}:not(:disabled)`) ?? null;

/** After moving a question to `to`: the same arrow on its new row, or the other one when that arrow is now disabled (first or last row). */
export function focusMoved(box: HTMLElement | null, to: number, up: boolean) {
  setTimeout(() => {
    const row = itemsIn(box, 'question-row')[to];
    const arrow = (u: boolean) => enabled(row, `button[aria-label^="${u ? 'Subir' : 'Bajar'}"]`);
    (arrow(up) ?? arrow(!up))?.focus();
  });
}

/** After removing the item at `index`: the delete button of the item that took its place, or of the one before it, or `fallback` (the list's add button). */
export function focusAfterRemoval(box: HTMLElement | null, kind: ItemKind, index: number, fallback: HTMLElement | null) {
  setTimeout(() => {
    const items = itemsIn(box, kind);
    (enabled(items[index] ?? items[index - 1], `[data-remove="${kind}"]`) ?? fallback)?.focus();
  });
}
