/** Pieces the Moves screens share: the status chip, the people to choose, the actions, the page title. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Chip, IconButton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { MOVE_STATUS_COLOR, MOVE_STATUS_LABEL, type MoveStatus } from '../../../domain/moves';
import { ROLE } from '../../../domain/roles';
import { USER_MOVES_PATHS } from '../../dataProvider/endpoints/userMoves';
import { request } from '../../dataProvider/http';
import { useCampoDataProvider } from '../../dataProvider/useCampoDataProvider';
import type { Choice } from '../../ui/form/inputs';
import { ScreenTitle } from '../../ui/ScreenTitle';

export const MOVES_HOME = '/user-moves/historial';

/** A status as the list shows it: approved green, rejected red, in review olive (spec 2 §2). */
export function StatusChip({ status }: { status: MoveStatus }) {
  const color = MOVE_STATUS_COLOR[status];
  return (
    <Chip
      size="small"
      label={MOVE_STATUS_LABEL[status] ?? status}
      sx={color ? { bgcolor: color, color: '#fff', fontWeight: 600 } : { fontWeight: 600 }}
      data-status={status}
    />
  );
}

export interface Person {
  id: number;
  fullName: string;
}

/** The active quality agents (role 1) as choices. The Getters are too many to load: ui/getterPicker searches them. */
export function usePeople(rolId: typeof ROLE.ADMIN) {
  return useQuery({
    queryKey: ['people', rolId],
    queryFn: () => request<Person[]>(USER_MOVES_PATHS.users, { query: { rolId } }),
    staleTime: 5 * 60_000,
    select: (people): Choice[] => people.map((p) => ({ id: p.id, name: p.fullName })),
  });
}

/** Choices from a GET answering `{ id, name }[]` (cities, projects). */
export function useChoices(path: string, query?: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: ['choices', path, query],
    queryFn: () => request<Choice[]>(path, { query }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** A named action of the moves resource (approve, reject, massive…): the API's answer, or a thrown ApiError. */
export function useMoveAction() {
  const dataProvider = useCampoDataProvider();
  return <T = unknown,>(name: string, body: unknown) => dataProvider.action<T>('user-moves', name, body);
}

/** A screen's title; with `back`, an arrow that returns there. */
export function PageTitle({ title, back, children }: { title: string; back?: string; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      {back && (
        <IconButton aria-label="Volver" onClick={() => navigate(back)}>
          <ArrowBackIcon />
        </IconButton>
      )}
      <ScreenTitle>{title}</ScreenTitle>
      {children}
    </Box>
  );
}
