import { useQuery } from '@tanstack/react-query';
import type { MoveConfigInfo } from '../../../domain/movesConfig';
import { request } from '../../dataProvider/http';

/** Move types and categories (the configuration's supporting lists). */
export function useMoveConfigInfo() {
  return useQuery({
    queryKey: ['move-config-info'],
    queryFn: () => request<MoveConfigInfo>('/moves/get/info-for-move-configuration'),
    staleTime: 10 * 60_000,
  });
}

/** The names of some ids of a list, in the ids' order. */
export const namesOf = (ids: readonly number[] | undefined, list: readonly { id: number; name: string }[] | undefined) =>
  (ids ?? []).map((id) => list?.find((item) => item.id === id)?.name ?? String(id)).join(', ');
