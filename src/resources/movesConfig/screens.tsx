import type { RaRecord } from 'ra-core';
import { MOVE_CONFIG_TEXT, moveConfigSchema } from '../../../domain/movesConfig';
import { defineScreens } from '../define';
import { MoveConfigFields } from './MoveConfigFields';
import { MoveConfigList } from './MoveConfigList';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const decimalText = (value: unknown) => text(value).replace('.', ',');

/** Move configurations (spec 1 §2.7): the list, and add / edit / view. */
export default defineScreens({
  name: 'moves-config',
  area: 'moves-config',
  list: MoveConfigList,
  form: {
    schema: moveConfigSchema,
    empty: {
      name: '',
      points: '',
      minutesDuration: '',
      consumptionPayment: false,
      needsVideoRecording: false,
      needsAudioRecording: false,
      needsCheckList: false,
      status: true,
      moveTypes: [] as number[],
      category: [] as number[],
    },
    toValues: (c: RaRecord) => ({
      name: text(c.name),
      // With a decimal comma, as the list writes them, and no thousands point ('1500', '12,5').
      points: decimalText(c.points),
      minutesDuration: decimalText(c.minutesDuration),
      consumptionPayment: Boolean(c.consumptionPayment),
      needsVideoRecording: Boolean(c.needsVideoRecording),
      needsAudioRecording: Boolean(c.needsAudioRecording),
      needsCheckList: Boolean(c.needsCheckList),
      status: Boolean(c.status),
      moveTypes: c.moveTypes ?? [],
      category: c.category ?? [],
    }),
    fields: MoveConfigFields,
    title: { add: 'Nueva Configuración', edit: (c) => `Editar: ${c.name}`, view: (c) => String(c.name) },
    saved: { created: MOVE_CONFIG_TEXT.created, updated: MOVE_CONFIG_TEXT.updated },
  },
});
