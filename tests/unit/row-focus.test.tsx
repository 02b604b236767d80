// @vitest-environment jsdom
/** A list left from one of its rows gives the keyboard back to that row's control when it shows again (rowFocus.ts). */
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROW_ID, useRowFocusBack } from '../../src/ui/table/rowFocus';

afterEach(cleanup);

function List({ listKey = 'clients', rows }: { listKey?: string; rows?: { id: number; name: string }[] }) {
  const body = useRef<HTMLTableSectionElement>(null);
  useRowFocusBack(listKey, body, rows);
  return (
    <table>
      <tbody ref={body}>
        {rows?.map((r) => (
          <tr key={r.id} {...{ [ROW_ID]: r.id }} tabIndex={0}>
            <td>{r.name}</td>
            <td>
              <button type="button" aria-label={`Editar ${r.name}`}>
                Editar
              </button>
              <a href={`/clients/${r.id}`}>{r.name}</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const ROWS = [
  { id: 1, name: 'Uno' },
  { id: 2, name: 'Dos' },
];
const focused = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? document.activeElement?.tagName;

/** Leaves the list with the keyboard on `target` (the list unmounts, the focus falls to the page). */
function leaveFrom(target: (container: HTMLElement) => HTMLElement, listKey?: string) {
  const shown = render(<List rows={ROWS} listKey={listKey} />);
  act(() => target(shown.container).focus());
  shown.unmount();
  expect(document.activeElement).toBe(document.body);
}

describe('useRowFocusBack', () => {
  it("gives the keyboard back to the control of the row it left from, found by its name, once the rows are drawn", () => {
    leaveFrom((c) => c.querySelector<HTMLElement>('[aria-label="Editar Dos"]')!);
    const back = render(<List />);
    // Still loading: nothing yet, and the place is kept for the rows to come.
    expect(document.activeElement).toBe(document.body);
    back.rerender(<List rows={ROWS} />);
    expect(focused()).toBe('Editar Dos');
    // Once: its rows drawn again (a refresh) with the focus lost, it is not taken back.
    act(() => (document.activeElement as HTMLElement).blur());
    back.rerender(<List rows={[...ROWS]} />);
    expect(document.activeElement).toBe(document.body);
  });

  it('gives it to the row when its control is not there any more, and to a link by its text', () => {
    leaveFrom((c) => c.querySelectorAll<HTMLElement>('a')[0]);
    render(<List rows={ROWS} />);
    expect(focused()).toBe('Uno');
    cleanup();
    leaveFrom((c) => c.querySelector<HTMLElement>('[aria-label="Editar Uno"]')!);
    render(<List rows={[{ id: 1, name: 'Uno renombrado' }]} />);
    expect(document.activeElement?.getAttribute(ROW_ID)).toBe('1');
  });

  it('leaves the focus alone when something else has it (a list opened from the menu), when the row is gone, or for another list', () => {
    leaveFrom((c) => c.querySelector<HTMLElement>('[aria-label="Editar Dos"]')!);
    const menu = document.createElement('button');
    document.body.append(menu);
    menu.focus();
    render(<List rows={ROWS} />);
    expect(document.activeElement).toBe(menu);
    menu.remove();
    cleanup();

    leaveFrom((c) => c.querySelector<HTMLElement>('[aria-label="Editar Dos"]')!);
    render(<List rows={[ROWS[0]]} />);
    expect(document.activeElement).toBe(document.body);
    cleanup();

    leaveFrom((c) => c.querySelector<HTMLElement>('[aria-label="Editar Dos"]')!, 'projects');
    render(<List rows={ROWS} />);
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps nothing when the focus had left the rows (the search box) before the list was left', () => {
    const shown = render(
      <>
        <input aria-label="Buscar" />
        <List rows={ROWS} />
      </>,
    );
    act(() => shown.container.querySelector<HTMLElement>('[aria-label="Editar Uno"]')!.focus());
    act(() => shown.container.querySelector<HTMLElement>('input')!.focus());
    shown.unmount();
    render(<List rows={ROWS} />);
    expect(document.activeElement).toBe(document.body);
  });
});
