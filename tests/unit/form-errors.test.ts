/** Which of a form's errors an input shows: 'Guardar' waits only for those (src/ui/form/CampoForm.tsx). */
import { describe, expect, it } from 'vitest';
import { errorOnScreen } from '../../src/ui/form/CampoForm';

const rule = (message: string) => ({ type: 'custom', message });

describe('an error shown by an input, once Guardar was pressed', () => {
  it('is any error of a field with its own input', () => {
    expect(errorOnScreen({ name: rule('Este campo es requerido') }, ['values'])).toBe(true);
  });

  it('is not the rule of a list no input shows, which the dialog says', () => {
    expect(errorOnScreen({ values: rule('El valor ya fue agregado.') }, ['values'])).toBe(false);
    expect(errorOnScreen({ values: { root: rule('Al menos un Valor debe ser por defecto.') } }, ['values'])).toBe(false);
    expect(errorOnScreen({ geography: rule('Seleccione país, estado o provincia y ciudad.') }, ['geography'])).toBe(false);
    expect(errorOnScreen({}, ['values'])).toBe(false);
  });

  it("is an item of such a list, which has its input (an attribute's value left empty)", () => {
    expect(errorOnScreen({ values: { root: rule('No puede añadirse un valor vacío.'), 1: { value: rule('No puede añadirse un valor vacío.') } } } as never, ['values'])).toBe(true);
  });
});
