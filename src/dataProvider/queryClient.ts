import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/**
 * Whether a failed read is worth asking again: a network fault or a 5xx may pass, a 4xx (a record
 * that does not exist, a refusal, a bad filter) answers the same the next time. Without this rule a
 * missing record's screen spun for ~10 s through react-query's retries before saying so.
 */
export function worthRetrying(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/** The console's query client: its reads retry only what may pass on a second try. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: worthRetrying } } });
}
