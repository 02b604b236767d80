/**
 * Two people editing one questionnaire: the second save is refused (409, nothing merged on the
 * server). The editor then offers to re-apply that person's changes on top of the version saved
 * meanwhile: a three-way merge of the tree by `_id`, computed here and shown in the form before
 * anything is sent again.
 *
 * - `base` is the version both started from (the last version when the editor opened), `mine` the
 *   form, `theirs` the version saved since.
 * - Fields merge one by one (a question's answers as one field), lists of children by `_id`. A
 *   question whose type one side changed is one unit (its answers and weighting go with the type).
 * - What only one side changed is taken from that side. What both changed differently keeps the
 *   editor's value and is named in the notes, so that the person checks it before sending.
 * - A node one side removed and the other changed is kept (with the change) and named: nobody's
 *   work disappears without being said.
 * - Order: the other's, unless only the editor reordered; new nodes go after the sibling they
 *   followed in the editor. 'Penalizaciones' stays last and single.
 */
import { formatCount } from './numbers';
import { sameTree } from './questionnaire-body';
import { type Dimension, isAnswerRequired, type Question, type QuestionnaireContent, type SubDimension } from './questionnaires';

export interface MergeResult {
  content: QuestionnaireContent;
  /** What the person should check: both changed it, or one removed what the other changed. */
  notes: string[];
}

interface Node {
  _id: string;
}

const named = (name: string) => `«${name.trim() || 'SIN NOMBRE'}»`;
const questionLabel = (q: Question) => `Pregunta ${named(q.name)}`;
const subLabel = (s: SubDimension) => `Subdimensión ${named(s.name)}`;
const dimLabel = (d: Dimension) => `Dimensión ${named(d.name)}`;

/** One field: the side that changed it, the editor's when both did (noted). */
function mergeField<T>(base: T | undefined, mine: T, theirs: T, note: () => void): T {
  if (sameTree(mine, theirs)) return mine;
  if (base !== undefined && sameTree(base, mine)) return theirs;
  if (base !== undefined && sameTree(base, theirs)) return mine;
  note();
  return mine;
}

interface ListRules<T extends Node> {
  merge: (base: T | undefined, mine: T, theirs: T) => T;
  label: (node: T) => string;
  /** The list, for the note when both reordered it: 'Las preguntas de Subdimensión «…»'. */
  list: string;
}

/** Whether `ids` appear in `list` in the same relative order as in `reference`. */
const sameOrder = (list: Node[], reference: Node[], ids: Set<string>) => {
  const a = list.filter((n) => ids.has(n._id)).map((n) => n._id);
  const b = reference.filter((n) => ids.has(n._id)).map((n) => n._id);
  return a.join('\u0000') === b.join('\u0000');
};

function mergeList<T extends Node>(base: T[], mine: T[], theirs: T[], rules: ListRules<T>, notes: string[]): T[] {
  const baseById = new Map(base.map((n) => [n._id, n]));
  const mineById = new Map(mine.map((n) => [n._id, n]));
  const theirsById = new Map(theirs.map((n) => [n._id, n]));

  const out: T[] = [];
  for (const t of theirs) {
    const m = mineById.get(t._id);
    const b = baseById.get(t._id);
    if (m) out.push(rules.merge(b, m, t));
    else if (!b) out.push(t); // added by the other
    else if (sameTree(b, t)) continue; // removed by the editor, untouched by the other
    else {
      // Removed by the editor, changed by the other: kept, and said.
      notes.push(`${rules.label(t)}: usted la eliminó, pero la otra persona la modificó; se conserva con esos cambios.`);
      out.push(t);
    }
  }
  // Nodes of the editor that the other version does not have.
  mine.forEach((m, i) => {
    if (theirsById.has(m._id)) return;
    const b = baseById.get(m._id);
    if (b && sameTree(b, m)) return; // removed by the other, untouched by the editor
    if (b) notes.push(`${rules.label(m)}: la otra persona la eliminó, pero usted la modificó; se conserva con sus cambios.`);
    // After the nearest sibling it followed in the editor that is already placed.
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const k = out.findIndex((n) => n._id === mine[j]._id);
      if (k >= 0) {
        at = k + 1;
        break;
      }
    }
    out.splice(at, 0, m);
  });
  // Only the editor reordered the nodes all three share: their slots take the editor's order.
  const shared = new Set(out.filter((n) => baseById.has(n._id) && mineById.has(n._id) && theirsById.has(n._id)).map((n) => n._id));
  if (!sameOrder(mine, base, shared) && sameOrder(theirs, base, shared)) {
    const ordered = mine.filter((n) => shared.has(n._id)).map((n) => out.find((o) => o._id === n._id) as T);
    let k = 0;
    return out.map((n) => (shared.has(n._id) ? ordered[k++] : n));
  }
  // Both reordered them, differently: one order has to win; the other's is kept, and said.
  if (!sameOrder(mine, base, shared) && !sameOrder(mine, theirs, shared)) notes.push(`${rules.list}: la otra persona también cambió su orden; quedó el orden de la otra persona.`);
  return out;
}

/** A question's fields merged one by one, with the word the notes use for each. */
const QUESTION_FIELDS = {
  name: 'nombre',
  weighting: 'ponderación',
  answers: 'respuestas',
  guide: 'guía',
  visibleToUser: 'visible para el cliente',
  visibleToGetter: 'visible para el Getter',
  allowPhotoEvidence: 'evidencia fotográfica',
  photoEvidenceRequired: 'evidencia fotográfica obligatoria',
} as const satisfies Partial<Record<keyof Question, string>>;

/**
 * Field by field while both keep the question's type. A type change resets the answers and the
 * weighting, so a question whose type one side changed is taken whole from one side.
 */
const mergeQuestion = (notes: string[]) => (base: Question | undefined, mine: Question, theirs: Question): Question => {
  if (!base || mine.type !== theirs.type)
    return mergeField(base, mine, theirs, () => notes.push(`${questionLabel(mine)}: la otra persona también la cambió; quedó como usted la dejó.`));
  const merged: Question = { ...theirs };
  for (const [key, what] of Object.entries(QUESTION_FIELDS) as [keyof typeof QUESTION_FIELDS, string][])
    (merged as unknown as Record<string, unknown>)[key] = mergeField(base[key], mine[key], theirs[key], () => notes.push(`${questionLabel(mine)}, ${what}: la otra persona también lo cambió; quedó el suyo.`));
  return { ...merged, answerRequired: isAnswerRequired(merged) };
};

const mergeSubDimension = (notes: string[]) => (base: SubDimension | undefined, mine: SubDimension, theirs: SubDimension): SubDimension => {
  const field = <K extends 'name' | 'weighting' | 'type'>(key: K, what: string) =>
    mergeField(base?.[key], mine[key], theirs[key], () => notes.push(`${subLabel(mine)}, ${what}: la otra persona también lo cambió; quedó el suyo.`));
  return {
    ...theirs,
    name: field('name', 'nombre'),
    weighting: field('weighting', 'ponderación'),
    type: field('type', 'tipo'),
    questions: mergeList(base?.questions ?? [], mine.questions, theirs.questions, { merge: mergeQuestion(notes), label: questionLabel, list: `Las preguntas de ${subLabel(mine)}` }, notes),
  };
};

const mergeDimension = (notes: string[]) => (base: Dimension | undefined, mine: Dimension, theirs: Dimension): Dimension => {
  const field = <K extends 'name' | 'weighting' | 'type'>(key: K, what: string) =>
    mergeField(base?.[key], mine[key], theirs[key], () => notes.push(`${dimLabel(mine)}, ${what}: la otra persona también lo cambió; quedó el suyo.`));
  return {
    ...theirs,
    name: field('name', 'nombre'),
    weighting: field('weighting', 'ponderación'),
    type: field('type', 'tipo'),
    subDimensions: mergeList(base?.subDimensions ?? [], mine.subDimensions, theirs.subDimensions, { merge: mergeSubDimension(notes), label: subLabel, list: `Las subdimensiones de ${dimLabel(mine)}` }, notes),
  };
};

/**
 * Both added 'Penalizaciones' (only one may exist): the other's stays, and the editor's questions
 * move to its sub-dimension of the same kind. It stays the last dimension.
 */
function onePenaltyDimension(dimensions: Dimension[], theirs: Dimension[], notes: string[]): Dimension[] {
  const penalties = dimensions.filter((d) => d.type === 'PENALTY');
  const others = dimensions.filter((d) => d.type !== 'PENALTY');
  if (penalties.length <= 1) return [...others, ...penalties];
  const kept = penalties.find((d) => theirs.some((t) => t._id === d._id)) ?? penalties[0];
  const merged: Dimension = { ...kept, subDimensions: kept.subDimensions.map((s) => ({ ...s, questions: [...s.questions] })) };
  for (const extra of penalties.filter((d) => d !== kept)) {
    for (const s of extra.subDimensions) {
      const into = merged.subDimensions.find((k) => k.type === s.type);
      if (into) into.questions.push(...s.questions);
      else merged.subDimensions.push(s);
    }
  }
  notes.push('Penalizaciones: las agregaron los dos; quedó una sola, con las preguntas de ambos.');
  return [...others, merged];
}

/** Re-applies on `theirs` what the editor changed from `base` to `mine` (all three finalized). */
export function mergeQuestionnaire(base: QuestionnaireContent, mine: QuestionnaireContent, theirs: QuestionnaireContent): MergeResult {
  const notes: string[] = [];
  const name = mergeField(base.name, mine.name, theirs.name, () => notes.push('Nombre del cuestionario: la otra persona también lo cambió; quedó el suyo.'));
  const type = mergeField(base.questionnaire_version_type, mine.questionnaire_version_type, theirs.questionnaire_version_type, () =>
    notes.push('Tipo de cuestionario: la otra persona también lo cambió; quedó el suyo.'),
  );
  const dimensions = mergeList(base.dimensions, mine.dimensions, theirs.dimensions, { merge: mergeDimension(notes), label: dimLabel, list: 'Las dimensiones' }, notes);
  return { content: { name, questionnaire_version_type: type, dimensions: onePenaltyDimension(dimensions, theirs.dimensions, notes) }, notes };
}

/** What the editor says when its save meets a version saved meanwhile (the server's 409). */
export const QUESTIONNAIRE_MERGE_TEXT = {
  title: 'Otra persona guardó este cuestionario',
  /** The version the editor opened was removed meanwhile (an older one is the last now). */
  titleRemoved: 'Otra persona cambió las versiones de este cuestionario',
  /** The version meanwhile was saved by the same user, in another tab or window. */
  titleOwn: 'Este cuestionario se guardó en otra pestaña',
  addedOwn: (version: number, when: string) => `Mientras editaba aquí, usted registró la versión ${version} desde otra pestaña o ventana (${when}).`,
  /** `who` saved version `version` (at `when`) since the editor opened `opened`. */
  added: (who: string, version: number, when: string) => `Mientras usted editaba, ${who} registró la versión ${version} (${when}).`,
  removed: (opened: number, version: number) => `Mientras usted editaba, se quitó la versión ${opened}: ahora la última es la ${version}.`,
  kept: 'Sus cambios no se guardaron, pero siguen en el editor. ¿Cómo desea seguir?',
  apply: (version: number) => `Aplicar mis cambios sobre la versión ${version}`,
  applyHelp: 'Parte de esa versión y le agrega lo que usted cambió. Donde los dos cambiaron lo mismo queda lo suyo, y se le muestra para revisar. No se guarda hasta que lo envíe.',
  discard: (version: number) => `Descartar mis cambios y abrir la versión ${version}`,
  discardHelp: 'Lo que usted escribió se pierde.',
  view: (version: number) => `Ver la versión ${version}`,
  keepEditing: 'Seguir editando',
  applied: (version: number) => `Sus cambios se aplicaron sobre la versión ${version}`,
  appliedClean: 'No hubo cambios de los dos sobre lo mismo. Revise el cuestionario y envíelo para registrar la versión nueva.',
  appliedNotes: 'Revise lo siguiente antes de enviar el cuestionario:',
  more: (n: number) => `… y ${formatCount(n)} más.`,
  goneTitle: 'El cuestionario ya no existe',
  gone: 'Mientras usted editaba, se quitó la única versión que le quedaba y el cuestionario dejó de existir. Sus cambios no se guardaron, pero siguen en el editor: puede registrarlos como un cuestionario nuevo.',
  saveAsNew: 'Registrar como cuestionario nuevo',
  pending: (version: number) => `Sus cambios están aplicados sobre la versión ${version} y todavía no se guardaron: revíselos y envíe el cuestionario.`,
} as const;
