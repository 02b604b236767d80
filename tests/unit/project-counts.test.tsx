// @vitest-environment jsdom
/**
 * The counts of a project and of a client's plan are written as every count of the console, the thousands
 * dotted ('1.200'): a big project's 'Locaciones', 'Visitas publicadas' and the dashboard's planned visits
 * read '1200' beside a pager that says '1.200'.
 */
import { cleanup, render } from '@testing-library/react';
import type { RaRecord } from 'ra-core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSIGN_TEXT } from '../../domain/assignment';
import { type StatisticsPlan, type SurveyAndWork, type VersionStatistics, visitsCaption } from '../../domain/statistics';
import { PeriodsTable } from '../../src/pages/dashboard/PeriodsTable';
import { planFacts } from '../../src/pages/dashboard/planFacts';
import { projectColumns } from '../../src/resources/projects/ProjectList';

afterEach(cleanup);

const shown = (node: ReactNode) => render(<>{node}</>).container.textContent;
const column = (source: string) => projectColumns.find((c) => c.source === source)!;

describe('the counts of a project', () => {
  const project: RaRecord = { id: 9, name: 'Relevamiento nacional', locationsCount: 1250, availableVisits: 14_600 };

  it("write the list's 'Locaciones' and 'Visitas publicadas' with the thousands dotted, and export the numbers", () => {
    expect(shown(column('locationsCount').render!(project))).toBe('1.250');
    expect(shown(column('availableVisits').render!(project))).toBe('14.600');
    expect(column('availableVisits').exportValue!(project)).toBe(14_600);
  });

  it("write a point of sale's published visits in the assignment the same way", () => {
    expect(ASSIGN_TEXT.publishedOf(1200, 1500)).toBe('1.200 de 1.500 visitas publicadas');
    expect(ASSIGN_TEXT.publishedVisits(14_600)).toBe('14.600 visitas publicadas');
    expect(ASSIGN_TEXT.created(1250)).toBe('Se crearon 1.250 moves asignadas.');
    expect(ASSIGN_TEXT.selected(1250)).toBe('1.250 seleccionadas');
    expect(ASSIGN_TEXT.withGetter(1)).toBe('1 locación con Getter elegido');
    expect(ASSIGN_TEXT.withGetter(1250)).toBe('1.250 locaciones con Getter elegido');
  });
});

describe("the summary of a client's plan", () => {
  const plan: StatisticsPlan = { id: 2, name: 'Plan nacional', campaign: null, startDate: '2026-11-01', endDate: '2027-03-31', statistics: [] };
  const work = { counts: { locations: 1250, plannedVisits: 15_000, approvedMoves: 1001, inProgressMoves: 999 } } as SurveyAndWork;

  it('writes its counts with the thousands dotted', () => {
    expect(Object.fromEntries(planFacts(plan, work))).toMatchObject({
      'Puntos de venta': '1.250',
      'Visitas planificadas': '15.000',
      'Visitas aprobadas': '1.001',
      'Visitas en curso': '999',
    });
  });

  it('writes the visits of its results, in the captions and by period, the same way', () => {
    expect(visitsCaption({ moves: 1500, unscored: 1200 }, ' con la versión 3', true)).toBe('1.500 visitas aprobadas con la versión 3, 1.200 sin resultado');
    const period = { period: '2026-11', moves: 2400, unscored: 1001, result: 81.5 };
    const stats = { annual: [{ year: 2026, moves: 2400, unscored: 1001, result: 81.5, dimensions: [], periods: [period] }] } as unknown as VersionStatistics;
    const { getByRole } = render(<PeriodsTable stats={stats} />);
    expect(getByRole('row', { name: /noviembre/i }).textContent).toContain('2.400 (1.001 sin resultado)');
  });

  it("says '-' while the plan's work is on its way", () => {
    expect(Object.fromEntries(planFacts(plan, undefined))['Visitas planificadas']).toBe('-');
  });
});
