import { useGetOne } from 'ra-core';

/**
 * One record for a form, as the server has it now: fetched again when the screen opens, and pending
 * until then. React-admin's cache may hold an older copy (a list's row, which lacks fields, or the
 * record as read before a switch in the list changed it), and the form takes its values, and the
 * `updatedAt` its save sends back, from what it is first given: from an old copy, the save would be
 * refused as a conflict (409) with the user's own change.
 */
export function useFreshRecord(resource: string, id: number, { enabled = true } = {}) {
  const result = useGetOne(resource, { id }, { enabled, refetchOnMount: 'always' });
  return { ...result, isPending: result.isPending || (!result.isFetchedAfterMount && !result.error) };
}
