/**
 * Where the keyboard goes after a question moves or goes away. React re-renders the list after the
 * change (and a confirmation dialog gives the focus back to a button that no longer exists), so the
 * focus is placed on the next task, once the list on screen is the new one.
 */

const rowsOf = (box: HTMLElement | null) => Array.from(box?.querySelectorAll<HTMLElement>('[data-question-row]') ?? []);

const button = (row: HTMLElement | undefined, labelStart: string) =>
  row?.querySelector<HTMLButtonElement>(`button[aria-label^="${labelStart}"]:not(:disabled)`) ?? null;

/** After moving a question to `to`: the same arrow on its new row, or the other one when that arrow is now disabled (first or last row). */
export function focusMoved(box: HTMLElement | null, to: number, up: boolean) {
  setTimeout(() => {
    const row = rowsOf(box)[to];
    (button(row, up ? 'Subir' : 'Bajar') ?? button(row, up ? 'Bajar' : 'Subir'))?.focus();
  });
}

/** After removing the question at `index`: 'Eliminar' on the question that took its place, or on the one before it, or the list's add button. */
export function focusAfterRemoval(box: HTMLElement | null, index: number, fallback: HTMLElement | null) {
  setTimeout(() => {
    const rows = rowsOf(box);
    (button(rows[index] ?? rows[index - 1], 'Eliminar') ?? fallback)?.focus();
  });
}
