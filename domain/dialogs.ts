/** Confirmation dialogs the spec writes as 'Title / Question' (spec 1 §2.6, §4). */
export const DIALOG = {
  /** Leaving a form with unsaved changes. */
  leave: 'No se guardarán los cambios / ¿Deseas continuar?',
  /** Before saving an attribute. */
  saveChanges: 'Guardar cambios / ¿Desea continuar?',
  /** Activating or deactivating a point of sale. */
  locationState: 'Activar/Desactivar punto de venta / ¿Deseas continuar?',
} as const;

/** A dialog's title and question. */
export function dialogParts(text: string): { title: string; question: string } {
  const [title, ...question] = text.split(' / ');
  return { title, question: question.join(' / ') };
}
