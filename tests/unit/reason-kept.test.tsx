// @vitest-environment jsdom
/**
 * The reason asked for extending a past project's end date goes with the save: when that save is refused
 * (the network, the server), 'Guardar' again asks for it again with what was typed, not an empty field.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from '../../src/resources/projects/ReasonDialog';

afterEach(cleanup);

const field = () => screen.getByRole('textbox', { name: /Motivo/ }) as HTMLTextAreaElement;

describe("the reason of a past project's new end date", () => {
  it('is still written when asked again after the save it went with failed, and cleared by Cancelar', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<ReasonDialog open onCancel={onCancel} onConfirm={onConfirm} />);
    fireEvent.change(field(), { target: { value: '  El cliente pidió dos semanas más.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledWith('El cliente pidió dos semanas más.');
    // The save is refused: the form asks again.
    rerender(<ReasonDialog open={false} onCancel={onCancel} onConfirm={onConfirm} />);
    rerender(<ReasonDialog open onCancel={onCancel} onConfirm={onConfirm} />);
    expect(field().value).toBe('  El cliente pidió dos semanas más.  ');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
    rerender(<ReasonDialog open={false} onCancel={onCancel} onConfirm={onConfirm} />);
    rerender(<ReasonDialog open onCancel={onCancel} onConfirm={onConfirm} />);
    expect(field().value).toBe('');
  });
});
