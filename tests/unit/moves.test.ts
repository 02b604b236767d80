import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGENT_LOCKED,
  allowedActions,
  MOVE_STATUSES,
  MOVE_TEXT,
  type MoveAction,
  photoFileName,
  refusal,
  statusReason,
  STOCK_SOURCE,
  STOCK_STATES,
  submitRefusal,
  TRANSITIONS,
  VISIT_STATE_LABEL,
  videoDownloadUrl,
  videoViewUrl,
} from '../../domain/moves';
import { ALL_USER_ROLES, REVIEWERS, ROLE } from '../../domain/roles';

const actions = Object.keys(TRANSITIONS) as MoveAction[];

describe('the review state machine', () => {
  it('allows every action exactly from the statuses the spec gives, for every role', () => {
    for (const action of actions) {
      for (const status of MOVE_STATUSES) {
        for (const role of ALL_USER_ROLES) {
          const reason = refusal(action, { status, assignedAgentId: 7 }, role);
          const reviewer = role !== null && REVIEWERS.includes(role as never);
          const allowed = reviewer && TRANSITIONS[action].from.includes(status);
          expect(reason === null, `${action} from ${status} as ${role}`).toBe(allowed);
          if (!reviewer) expect(reason).toBe(MOVE_TEXT.forbidden);
        }
      }
    }
  });

  it('offers review actions only in EN_REVISION, APROBADA, DESAPROBADA or RECHAZADA with an agent', () => {
    expect(refusal('approve', { status: 'EN_REVISION', assignedAgentId: null }, ROLE.ADMIN)).toBe(MOVE_TEXT.noAgent);
    expect(refusal('approve', { status: 'EN_REVISION', assignedAgentId: 3 }, ROLE.ADMIN)).toBeNull();
    expect(refusal('approve', { status: 'APROBADA', assignedAgentId: 3 }, ROLE.ADMIN)).toBe('No se puede realizar esta acción sobre una move aprobada.');
    expect(allowedActions({ status: 'APROBADA', assignedAgentId: 3 }, ROLE.ADMIN)).toEqual(
      expect.arrayContaining(['disapprove', 'editApproved', 'review', 'replaceVideo', 'deletePhoto']),
    );
    expect(allowedActions({ status: 'APROBADA', assignedAgentId: 3 }, ROLE.ADMIN)).not.toContain('assignAgent');
  });

  it('rescues only ASIGNADA, INICIADA, CANCELADA and PAUSADA moves, with or without an agent', () => {
    for (const status of MOVE_STATUSES) {
      const ok = ['ASIGNADA', 'INICIADA', 'CANCELADA', 'PAUSADA'].includes(status);
      expect(refusal('rescue', { status, assignedAgentId: null }, ROLE.OPERATIONS) === null).toBe(ok);
    }
  });

  it('republishes a rejected or disapproved move only once', () => {
    expect(refusal('republish', { status: 'RECHAZADA', assignedAgentId: 1 }, ROLE.ADMIN)).toBeNull();
    expect(refusal('republish', { status: 'DESAPROBADA', assignedAgentId: 1, republished: true }, ROLE.ADMIN)).toBe(MOVE_TEXT.alreadyRepublished);
    expect(refusal('republish', { status: 'RECHAZADA', assignedAgentId: 1, projectEnded: true }, ROLE.ADMIN)).toBe(MOVE_TEXT.projectEndedRepublish);
    // For its own Getter only: one no longer active gets no copy (nor is anything else refused for it).
    expect(refusal('republish', { status: 'RECHAZADA', assignedAgentId: 1, getterActive: false }, ROLE.ADMIN)).toBe(MOVE_TEXT.republishGetterGone);
    expect(refusal('republish', { status: 'RECHAZADA', assignedAgentId: 1, getterActive: true }, ROLE.ADMIN)).toBeNull();
    expect(refusal('disapprove', { status: 'APROBADA', assignedAgentId: 1, getterActive: false }, ROLE.ADMIN)).toBeNull();
  });

  it('locks the agent selector for approved, disapproved, rejected, returned and cancelled moves', () => {
    for (const status of ['APROBADA', 'DESAPROBADA', 'RECHAZADA', 'DEVUELTA', 'CANCELADA'] as const) {
      expect(refusal('assignAgent', { status, assignedAgentId: 1 }, ROLE.ADMIN)).not.toBeNull();
    }
  });
});

describe('move helpers', () => {
  it('shows the reason of the status the move is in, not one left from an earlier status', () => {
    const reasons = { rejectionReason: 'R', disapprovedReason: 'D', returnReason: 'V', cancelReason: 'C' };
    expect(['RECHAZADA', 'DESAPROBADA', 'DEVUELTA', 'CANCELADA'].map((statusId) => statusReason({ ...reasons, statusId }))).toEqual(['R', 'D', 'V', 'C']);
    // A cancelled move rescued and approved keeps its cancel reason in its columns.
    for (const statusId of ['APROBADA', 'EN_REVISION', 'ASIGNADA']) expect(statusReason({ ...reasons, statusId }), statusId).toBeNull();
  });

  it('rewrites dl=0 video links to raw=1 to view and dl=1 to download', () => {
    const url = 'https://www.dropbox.com/s/abc/video.mp4?dl=0';
    expect(videoViewUrl(url)).toBe('https://www.dropbox.com/s/abc/video.mp4?raw=1');
    expect(videoDownloadUrl(url)).toBe('https://www.dropbox.com/s/abc/video.mp4?dl=1');
    expect(videoViewUrl('https://example.com/v.mp4')).toBe('https://example.com/v.mp4');
  });

  it('names a downloaded photo after the move, the question numbers and name, and the image', () => {
    expect(photoFileName('M-000123', 1, 2, 3, '¿Atención del vendedor?', 2)).toBe('M-000123_1-2-3_Atencion_del_vendedor_2.jpg');
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(photoFileName('C', 1, 1, 1, name, 1)).toMatch(/^C_1-1-1_[A-Za-z0-9_]*_1\.jpg$/);
      }),
    );
  });
});

describe('the Getter and the stock', () => {
  it('lets a Getter send only its own move, from assigned, started, paused or returned', () => {
    for (const status of MOVE_STATUSES) {
      const ok = ['ASIGNADA', 'INICIADA', 'PAUSADA', 'DEVUELTA'].includes(status);
      expect(submitRefusal({ status, userId: 9 }, 9) === null, status).toBe(ok);
      expect(submitRefusal({ status, userId: 9 }, 10)).toBe(MOVE_TEXT.notYours);
    }
  });

  it('maps the four stock states onto two move statuses and two visit states', () => {
    expect(STOCK_STATES).toEqual(['Asignada', 'Disponible', 'Publicada', 'Publicada por Cancelación']);
    expect(STOCK_SOURCE.Asignada).toEqual({ kind: 'move', status: 'ASIGNADA' });
    expect(STOCK_SOURCE.Disponible).toEqual({ kind: 'move', status: 'DISPONIBLE' });
    expect(STOCK_SOURCE['Publicada por Cancelación']).toEqual({ kind: 'visit', state: 'PUBLICADA_POR_CANCELACION' });
    for (const s of STOCK_STATES) {
      const source = STOCK_SOURCE[s];
      expect(source.kind === 'visit' ? VISIT_STATE_LABEL[source.state] : s).toBe(s);
    }
  });

  it('locks the agent exactly where assignAgent is not allowed', () => {
    for (const status of MOVE_STATUSES) expect(AGENT_LOCKED.includes(status), status).toBe(!TRANSITIONS.assignAgent.from.includes(status));
  });
});
