/** The attribute rules of domain/features.ts and their literal messages (spec 1 §5). */
import { describe, expect, it } from 'vitest';
import { DIALOG, dialogParts } from '../../domain/dialogs';
import { addValueProblem, FEATURE_TEXT, featureSchema, featureUpdateSchema, noValuesMessage, valuesProblem } from '../../domain/features';
import { fieldErrors } from '../../domain/validation';

const errorsOf = (value: unknown) => {
  const result = featureSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the values of an attribute', () => {
  it('needs one, with the attribute’s name in capitals', () => {
    expect(noValuesMessage(' Formato de local ')).toBe('Debe crearse al menos un valor para el atributo: FORMATO DE LOCAL');
    expect(valuesProblem('Tamaño', [])).toBe('Debe crearse al menos un valor para el atributo: TAMAÑO');
  });

  it('needs exactly one default and no empty or repeated value', () => {
    expect(valuesProblem('X', [{ value: 'A', isDefault: false }])).toBe('Al menos un Valor debe ser por defecto.');
    expect(valuesProblem('X', [{ value: ' ', isDefault: true }])).toBe('No puede añadirse un valor vacío.');
    expect(valuesProblem('X', [{ value: 'A', isDefault: true }, { value: 'B', isDefault: true }])).toBe(FEATURE_TEXT.oneDefault);
    expect(valuesProblem('X', [{ value: 'A', isDefault: true }, { value: ' a', isDefault: false }])).toBe(FEATURE_TEXT.repeatedValue);
    expect(valuesProblem('X', [{ value: 'A', isDefault: true }, { value: 'B', isDefault: false }])).toBeNull();
  });

  it('refuses adding an empty or repeated value from the value box', () => {
    expect(addValueProblem([], '   ')).toBe('No puede añadirse un valor vacío.');
    expect(addValueProblem([{ value: 'Grande' }], 'grande ')).toBe(FEATURE_TEXT.repeatedValue);
    expect(addValueProblem([{ value: 'Grande' }], 'Chico')).toBeNull();
  });
});

describe('the attribute form', () => {
  const feature = { clientId: 3, name: 'Formato', isRequired: true, values: [{ value: 'Calle', isDefault: true }, { value: 'Shopping', isDefault: false }] };

  it('accepts a complete attribute', () => {
    expect(featureSchema.parse(feature)).toEqual({ ...feature, values: [{ value: 'Calle', isDefault: true }, { value: 'Shopping', isDefault: false }] });
  });

  it('puts the list rules on values and the name rule on name', () => {
    expect(errorsOf({ ...feature, values: [] }).values).toBe('Debe crearse al menos un valor para el atributo: FORMATO');
    expect(errorsOf({ ...feature, values: [{ value: 'Calle', isDefault: false }] }).values).toBe('Al menos un Valor debe ser por defecto.');
    expect(errorsOf({ ...feature, name: ' ' }).name).toBe(FEATURE_TEXT.required);
    expect(errorsOf({ ...feature, clientId: undefined }).clientId).toBe('Seleccione un cliente');
  });

  it('keeps value ids on edit and needs no client', () => {
    const { clientId: _c, ...body } = feature;
    expect(featureUpdateSchema.parse({ ...body, values: [{ id: '4', value: 'Calle', isDefault: true }] }).values[0].id).toBe(4);
  });
});

describe('the dialogs the spec writes as Title / Question', () => {
  it('split into their title and question', () => {
    expect(dialogParts(DIALOG.leave)).toEqual({ title: 'No se guardarán los cambios', question: '¿Deseas continuar?' });
    expect(dialogParts(DIALOG.saveChanges)).toEqual({ title: 'Guardar cambios', question: '¿Desea continuar?' });
    expect(dialogParts(DIALOG.locationState)).toEqual({ title: 'Activar/Desactivar punto de venta', question: '¿Deseas continuar?' });
  });
});
