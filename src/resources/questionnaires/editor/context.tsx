import { createContext, useContext } from 'react';
import type { Question, SubDimensionType } from '../../../../domain/questionnaires';

/** What the question dialog needs: the question to edit and where its accepted value goes. */
export interface QuestionTarget {
  title: string;
  question: Question;
  subDimensionType: SubDimensionType;
  onAccept: (question: Question) => void;
}

/**
 * The editor's stable services, given once to every card and row (a context value that never
 * changes, so reading it does not re-render 300 rows).
 */
export interface EditorServices {
  /** ADD (also duplicate) or EDIT: a new version. */
  mode: 'ADD' | 'EDIT';
  /** Dimensions and sub-dimensions of the loaded version: their name and type cannot change. */
  isLocked: (id: string) => boolean;
  openQuestion: (target: QuestionTarget) => void;
  /** The shared confirmation ('Está seguro?'), then `onConfirm`. */
  confirm: (content: string, onConfirm: () => void) => void;
  /** Weighting inputs tell when they change; the sum hints listen (see inputs.tsx, SumHint). */
  weightings: WeightingSignal;
}

/**
 * A weighting changed somewhere. The sum hints read their few values themselves: watching them
 * through react-hook-form would copy the whole form on every keystroke.
 */
export interface WeightingSignal {
  notify: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function weightingSignal(): WeightingSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const EditorContext = createContext<EditorServices | null>(null);

export function useEditor(): EditorServices {
  const services = useContext(EditorContext);
  if (!services) throw new Error('useEditor fuera del editor de cuestionarios');
  return services;
}

/** The signal of the editor around, if any (the question dialog's inputs have their own sums). */
export const useWeightingSignal = () => useContext(EditorContext)?.weightings;

/**
 * Paths of the nodes the last check found broken ('dimensions.0.subDimensions.1.questions.3'):
 * a row whose question has a problem outside its inline inputs is marked. Changes only on submit.
 */
export const ProblemsContext = createContext<ReadonlySet<string>>(new Set());
export const useHasProblem = (path: string) => useContext(ProblemsContext).has(path);

/** The node paths a problem path lies under: 'a.0.b.1.name' → 'a.0', 'a.0.b.1'. */
export function problemNodes(paths: readonly string[]): Set<string> {
  const nodes = new Set<string>();
  for (const path of paths) {
    const parts = path.split('.');
    for (let i = 2; i <= parts.length; i += 2) nodes.add(parts.slice(0, i).join('.'));
  }
  return nodes;
}
