/**
 * What a new version keeps (spec 2 §2: "name and type cannot be changed when editing"): the
 * dimensions and sub-dimensions of the version it replaces, known by their `_id`, keep their name
 * and type. Their weighting may change, they may be removed, new ones may be added; questions stay
 * editable. The editor shows these fields locked, the server refuses a version that changes them.
 */
import type { Problem } from './questionnaire-weights';
import type { QuestionnaireContent } from './questionnaires';

type Tree = Pick<QuestionnaireContent, 'dimensions'>;

export const LOCKED_TEXT = 'No se puede cambiar en una nueva versión';

/** The ids of the dimensions and sub-dimensions whose name and type a new version keeps. */
export function lockedNodeIds(previous: Tree): Set<string> {
  return new Set(previous.dimensions.flatMap((d) => [d._id, ...d.subDimensions.map((s) => s._id)]));
}

/**
 * The names and types a new version changes on the nodes the previous one already had, with the
 * path where the new version holds them; empty when it can be saved. Both are finalized: names
 * trimmed, ids unique.
 */
export function lockedChanges(previous: Tree, next: Tree): Problem[] {
  const dimensions = new Map(previous.dimensions.map((d) => [d._id, d]));
  const subDimensions = new Map(previous.dimensions.flatMap((d) => d.subDimensions.map((s) => [s._id, { parent: d.name, node: s }] as const)));
  const out: Problem[] = [];
  const changed = (path: string, where: string) => out.push({ path, where, message: LOCKED_TEXT, sum: false });
  next.dimensions.forEach((d, i) => {
    const before = dimensions.get(d._id);
    const where = `Dimensión «${before?.name ?? d.name}»`;
    if (before && before.name !== d.name) changed(`dimensions.${i}.name`, `${where}, nombre`);
    if (before && before.type !== d.type) changed(`dimensions.${i}.type`, `${where}, tipo`);
    d.subDimensions.forEach((s, j) => {
      const old = subDimensions.get(s._id);
      if (!old) return;
      const place = `Dimensión «${old.parent}» › Subdimensión «${old.node.name}»`;
      if (old.node.name !== s.name) changed(`dimensions.${i}.subDimensions.${j}.name`, `${place}, nombre`);
      if (old.node.type !== s.type) changed(`dimensions.${i}.subDimensions.${j}.type`, `${place}, tipo`);
    });
  });
  return out;
}
