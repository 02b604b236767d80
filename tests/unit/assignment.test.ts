/** What the assignment screens say: every count in its right number, and who is offered to write. */
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../domain/auth';
import { ASSIGN_TEXT } from '../../domain/assignment';
import { ROLE, type RoleId, STAFF } from '../../domain/roles';
import { currentEntryPath, MENU, type MenuEntry } from '../../src/layout/menu';

describe('assignment counts', () => {
  it('confirms the stock assignment in singular for one move and plural for more', () => {
    expect(ASSIGN_TEXT.willAssignToAuditor(1)).toBe('Se asignará 1 move al auditor.');
    expect(ASSIGN_TEXT.willAssignToAuditor(3)).toBe('Se asignarán 3 moves al auditor.');
  });

  it('confirms the quality-agent assignment by its number, an estimated filter always plural', () => {
    expect(ASSIGN_TEXT.willAssign(1)).toBe('Se asignará 1 move.');
    expect(ASSIGN_TEXT.willAssign(3)).toBe('Se asignarán 3 moves.');
    expect(ASSIGN_TEXT.willAssign(12_000, true)).toBe('Se asignarán aprox. 12.000 moves.');
    // An exact count of thousands is dotted too: 'Se asignarán 1500 moves.' under a pager saying 1.500.
    expect(ASSIGN_TEXT.willAssign(1500)).toBe('Se asignarán 1.500 moves.');
  });

  it('tells what was assigned: none, one or several, and the moves left as they were', () => {
    expect(ASSIGN_TEXT.assigned(0, 'Agustina Molina')).toBe('No se asignó ninguna move a Agustina Molina.');
    expect(ASSIGN_TEXT.assigned(1, 'Juan Pérez')).toBe('Se asignó 1 move a Juan Pérez.');
    expect(ASSIGN_TEXT.assigned(2, 'Agustina Molina')).toBe('Se asignaron 2 moves a Agustina Molina.');
    expect(ASSIGN_TEXT.skipped(1)).toBe('1 no se pudo asignar por su estado (aprobada, desaprobada, rechazada, devuelta o cancelada).');
    expect(ASSIGN_TEXT.assignedTitle(0)).toBe('Ninguna move asignada');
    expect(ASSIGN_TEXT.assignedTitle(2)).toBe('Asignación realizada');
    expect(ASSIGN_TEXT.skipped(4)).toBe('4 no se pudieron asignar por su estado (aprobadas, desaprobadas, rechazadas, devueltas o canceladas).');
  });

  it('counts the moves a project assignment created and the rows selected in the stock', () => {
    expect(ASSIGN_TEXT.created(0)).toBe('No se creó ninguna move asignada.');
    expect(ASSIGN_TEXT.created(1)).toBe('Se creó 1 move asignada.');
    expect(ASSIGN_TEXT.created(5)).toBe('Se crearon 5 moves asignadas.');
    expect(ASSIGN_TEXT.selected(1)).toBe('1 seleccionada');
    expect(ASSIGN_TEXT.selected(0)).toBe('0 seleccionadas');
  });

  it("counts a project's published visits by the total's number: '1 de 1 visita publicada'", () => {
    expect(ASSIGN_TEXT.publishedOf(1, 1)).toBe('1 de 1 visita publicada');
    expect(ASSIGN_TEXT.publishedOf(1, 2)).toBe('1 de 2 visitas publicadas');
    expect(ASSIGN_TEXT.publishedVisits(1)).toBe('1 visita publicada');
    expect(ASSIGN_TEXT.publishedVisits(0)).toBe('0 visitas publicadas');
    expect(ASSIGN_TEXT.publishedVisits(12)).toBe('12 visitas publicadas');
  });

  it('names the finished project, or the finished projects, that refuse an assignment', () => {
    expect(ASSIGN_TEXT.projectEnded(['Relevamiento de locales - ciclo anterior'])).toBe(
      'El proyecto Relevamiento de locales - ciclo anterior está finalizado: ya no se pueden asignar sus visitas ni sus moves.',
    );
    expect(ASSIGN_TEXT.projectEnded(['A', 'B'])).toBe('Los proyectos A, B están finalizados: ya no se pueden asignar sus visitas ni sus moves.');
  });
});

describe('menu entries that write', () => {
  const entry = (group: string, label: string): MenuEntry => MENU.find((e) => e.label === group)!.children!.find((c) => c.label === label)!;
  const shownTo = (e: MenuEntry, rolId: RoleId) => !e.when || e.when({ rolId } as UserProfile);

  it("offers 'Agregar cuestionario' and the stock's 'Asignar' only to who writes them", () => {
    const add = entry('Cuestionarios', 'Agregar cuestionario');
    const assign = entry('Moves', 'Asignar');
    for (const rolId of [ROLE.ADMIN, ROLE.OPERATIONS]) {
      expect(shownTo(add, rolId), `rol ${rolId}`).toBe(true);
      expect(shownTo(assign, rolId), `rol ${rolId}`).toBe(true);
    }
    expect(shownTo(assign, ROLE.AGENT)).toBe(true);
    expect(shownTo(add, ROLE.AGENT)).toBe(false);
    for (const rolId of [ROLE.COMMERCIAL, ROLE.FIELD_LEADER, ROLE.ACCOUNTS]) {
      expect(shownTo(add, rolId), `rol ${rolId}`).toBe(false);
      expect(shownTo(assign, rolId), `rol ${rolId}`).toBe(false);
    }
    // What they read stays: the lists of questionnaires and of moves.
    for (const rolId of STAFF) {
      expect(shownTo(entry('Cuestionarios', 'Lista de cuestionarios'), rolId)).toBe(true);
      expect(shownTo(entry('Moves', 'Listado de moves'), rolId)).toBe(true);
    }
  });
});

describe('the menu entry of an address', () => {
  it('is the entry that holds it the most closely, one at a time', () => {
    expect(currentEntryPath('/projects-campo/assign/edit')).toBe('/projects-campo/assign');
    expect(currentEntryPath('/projects-campo/edit/4')).toBe('/projects-campo');
    expect(currentEntryPath('/projects-campo')).toBe('/projects-campo');
    // A path that only begins with an entry's letters is not under it.
    expect(currentEntryPath('/projects-campox')).toBeUndefined();
  });
});

describe('who holds a location’s moves', () => {
  it('names each Getter, with the count when more than one', () => {
    expect(ASSIGN_TEXT.inCourse([{ name: 'Juan Pérez', moves: 1 }])).toBe('Moves en curso: Juan Pérez');
    expect(ASSIGN_TEXT.inCourse([{ name: 'Juan Pérez', moves: 2 }, { name: 'Lucía García', moves: 1 }])).toBe('Moves en curso: Juan Pérez (2 moves), Lucía García');
  });
});
