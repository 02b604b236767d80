/** Guidelines (instructivos, spec 3 §2, §3, §5): a name and four specification texts with media. */
import { z } from 'zod';
import { moment, paged, recordId } from './answers';
import { optionalVideo, richText } from './richText';
import { id, nameText, optionalUrl } from './validation';

/** The four specification sections, in the form's order, with their titles. */
export const GUIDELINE_SECTIONS = [
  { key: 'generalities', title: 'General' },
  { key: 'beforeWork', title: 'Antes' },
  { key: 'duringWork', title: 'Durante' },
  { key: 'afterWork', title: 'Después' },
] as const;
export type GuidelineSection = (typeof GUIDELINE_SECTIONS)[number]['key'];

/** The minimum of visible characters of each specification text (spec 3 §9). */
export const GUIDELINE_TEXT_MIN = 120;

const text = richText(GUIDELINE_TEXT_MIN);

export const guidelineSchema = z.object({
  name: nameText(150),
  generalities: text,
  generalitiesVideo: optionalVideo,
  generalitiesImg: optionalUrl,
  beforeWork: text,
  beforeWorkVideo: optionalVideo,
  beforeWorkImg: optionalUrl,
  duringWork: text,
  duringWorkVideo: optionalVideo,
  duringWorkImg: optionalUrl,
  afterWork: text,
  afterWorkVideo: optionalVideo,
  afterWorkImg: optionalUrl,
});
export type GuidelineInput = z.infer<typeof guidelineSchema>;

/** PUT /guidelines: the id of the version being edited; the answer is the new version. */
export const guidelineUpdateSchema = guidelineSchema.extend({ id });

export interface Guideline extends GuidelineInput {
  id: number;
  /** The id of the first version: every version of one guideline shares it. */
  sequenceId: number;
  version: number;
  /** Start of validity. */
  createdAt: string;
  /** End of validity; null while this is the current version. */
  deletedAt: string | null;
  /** Only the current version can be edited (into a new version) or ended. */
  editable: boolean;
}

export const GUIDELINE_TEXT = {
  notCurrent: 'Sólo se puede editar la versión vigente del instructivo.',
  alreadyEnded: 'El instructivo ya no está vigente.',
  notFound: 'El instructivo no existe.',
  /** Two current guidelines of one name could not be told apart in the project form's picker. */
  duplicate: 'Ya existe un instructivo vigente con ese nombre.',
  created: 'Instructivo creado exitosamente',
  updated: 'Se creó una nueva versión del instructivo',
  ended: 'Se finalizó la vigencia del instructivo',
  endTitle: 'Finalizar vigencia',
  endQuestion: 'Está a punto de finalizar la vigencia de este instructivo: dejará de poder asignarse a proyectos. ¿Desea continuar?',
  editQuestion: 'Al guardar se creará una nueva versión del instructivo y la versión actual dejará de estar vigente. ¿Desea continuar?',
} as const;

/** A row of the guidelines' lists (and what ending a version answers): a version, without its texts. */
export const guidelineSummaryAnswer = z.object({ id: recordId, sequenceId: recordId, version: z.number().int(), name: z.string(), createdAt: moment, deletedAt: moment.nullable(), editable: z.boolean() });
export const guidelineListAnswer = paged(guidelineSummaryAnswer);

/** A version with its texts (`GET /guidelines/:id`, and what creating or editing one answers): each section's text, video and image. */
export const guidelineAnswer = guidelineSummaryAnswer.extend({
  ...Object.fromEntries(GUIDELINE_SECTIONS.flatMap(({ key }) => [[key, z.string()], [`${key}Video`, z.string().nullable()], [`${key}Img`, z.string().nullable()]])),
  createdBy: recordId.nullable(),
});
