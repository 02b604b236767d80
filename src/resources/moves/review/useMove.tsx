/** The move on screen, its answers, and how an action runs: busy, success dialog, or error (409 reloads). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AnsweredQuestionnaire, MoveDetail } from '../../../../domain/move-api';
import { USER_MOVES_PATHS } from '../../../dataProvider/endpoints/userMoves';
import { ApiError, request } from '../../../dataProvider/http';
import { ErrorDialog, errorMessages, SuccessDialog } from '../../../ui/dialogs';
import { MOVES_HOME, useMoveAction } from '../shared';

/** A draft being written is not reloaded under the reviewer by a focus or a reconnection. */
const heldWhile = (editing: boolean) => ({ refetchOnWindowFocus: !editing, refetchOnReconnect: !editing });

/**
 * The move by its code. While `editing` (answers, a return, an approved edit being written), coming
 * back to the tab or the network does not reload it: a reload by someone else's change dropped the
 * draft silently. Sent, a stale draft gets the server's 409 and its message.
 */
export function useMoveByCode(code: string, editing = false) {
  return useQuery({
    queryKey: ['user-move', code],
    queryFn: ({ signal }) => request<MoveDetail>(USER_MOVES_PATHS.byCode, { query: { code }, signal }),
    ...heldWhile(editing),
  });
}

/** The agent-edited answers when there are some (flagged editByAgent), else the Getter's. */
export function useAnswers(move: MoveDetail | undefined, editing = false) {
  return useQuery({
    queryKey: ['user-move-answers', move?.id, move?.version],
    enabled: Boolean(move),
    ...heldWhile(editing),
    queryFn: async ({ signal }) => {
      const query = { userMoveId: move!.id };
      const byAgent = await request<AnsweredQuestionnaire | undefined>(USER_MOVES_PATHS.repliesByAgent, { query, signal });
      return byAgent ?? request<AnsweredQuestionnaire>(USER_MOVES_PATHS.replies, { query, signal });
    },
  });
}

/** An action's success dialog; its message may come from the server's answer (what the action did). */
export interface Success {
  title: string;
  message?: string | ((answer: unknown) => string | undefined);
}

export interface Runner {
  busy: boolean;
  /** Runs a named action; with `success`, its dialog then the return to the list. Resolves true when done. */
  run: (name: string, body: Record<string, unknown>, success?: Success) => Promise<boolean>;
  /** The success and error dialogs of the runner. */
  dialogs: ReactNode;
  /** Shows messages in the error dialog (a rule the screen checks itself). */
  fail: (messages: string[], title?: string) => void;
}

export function useRunner(move: MoveDetail | undefined): Runner {
  const act = useMoveAction();
  const client = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<{ title: string; message?: string } | null>(null);
  const [error, setError] = useState<{ messages: string[]; title?: string } | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: ['user-move'] }).then(() => client.invalidateQueries({ queryKey: ['user-move-answers'] }));

  // One action at a time: a second click while one runs (a double click on a dialog's button during its
  // fade, say) is not sent; the server would refuse it by version anyway, with a misleading 409.
  const running = useRef(false);
  const run: Runner['run'] = async (name, body, done) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    try {
      const answer = await act(name, { version: move?.version, ...body });
      await client.invalidateQueries({ queryKey: ['user-moves'] });
      if (done) setSuccess({ title: done.title, message: typeof done.message === 'function' ? done.message(answer) : done.message });
      else {
        notify('Cambios guardados', { type: 'success' });
        await reload();
      }
      return true;
    } catch (e) {
      // Someone else changed the move: the screen shows it as it is now, behind the message that says so
      // ('Se recargó con su estado actual'), not only once the message is closed.
      if (e instanceof ApiError && e.status === 409) await reload();
      setError({ messages: errorMessages(e) });
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const dialogs = (
    <>
      <SuccessDialog
        open={success !== null}
        title={success?.title ?? ''}
        message={success?.message}
        onClose={() => {
          setSuccess(null);
          navigate(MOVES_HOME);
          // The move kept as it was before the action would show again, actions and all, while it reloads
          // (the back button, the list's link): a second reject then got 'modified by another person'.
          client.removeQueries({ queryKey: ['user-move'] });
        }}
      />
      <ErrorDialog
        messages={error?.messages ?? []}
        title={error?.title}
        onClose={() => setError(null)}
      />
    </>
  );
  return { busy, run, dialogs, fail: (messages, title) => setError({ messages, title }) };
}
