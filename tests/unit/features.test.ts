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

  it('refuses a saved value sent twice, even with two texts', () => {
    expect(valuesProblem('X', [{ id: 5, value: 'A', isDefault: true }, { id: 5, value: 'B', isDefault: false }])).toBe(FEATURE_TEXT.repeatedValueId);
    expect(valuesProblem('X', [{ id: 5, value: 'A', isDefault: true }, { id: 6, value: 'B', isDefault: false }, { value: 'C', isDefault: false }])).toBeNull();
  });

  it('refuses adding an empty or repeated value from the value box', () => {
    expect(addValueProblem([], '   ')).toBe('No puede añadirse un valor vacío.');
    expect(addValueProblem([{ value: 'Grande' }], 'grande ')).toBe(FEATURE_TEXT.repeatedValue);
    // Inner runs of spaces, no-break ones too, read as one: 'A  B' is shown as 'A B'.
    expect(addValueProblem([{ value: 'Sin rampa' }], 'sin  rampa')).toBe(FEATURE_TEXT.repeatedValue);
    expect(valuesProblem('X', [{ value: 'A  B', isDefault: true }, { value: 'a\u00a0b', isDefault: false }])).toBe(FEATURE_TEXT.repeatedValue);
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

  it('puts a saved value sent twice on values, on create and on edit', () => {
    const twice = [
      { id: 5, value: 'Calle', isDefault: true },
      { id: '5', value: 'Shopping', isDefault: false },
    ];
    expect(errorsOf({ ...feature, values: twice }).values).toBe('Un mismo valor del atributo figura más de una vez.');
    const { clientId: _c, ...body } = feature;
    expect(featureUpdateSchema.safeParse({ ...body, values: twice }).error?.issues.map((i) => [i.path, i.message])).toEqual([[['values'], FEATURE_TEXT.repeatedValueId]]);
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
