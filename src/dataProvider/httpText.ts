import { AUTH_TEXT } from '../../domain/auth';

/**
 * What the console says when a call fails without the server's Spanish message: the network is down,
 * the server took too long, or it answered an error with an empty body (a proxy's 502/503). Never the
 * browser's 'Failed to fetch' or 'signal timed out', nor a bare 'Error 503'. Shared by the page and
 * the export worker.
 */
export const HTTP_TEXT = {
  offline: 'No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.',
  timeout: 'El servidor tardó demasiado en responder. Intente nuevamente.',
  serverError: 'Ocurrió un error en el servidor. Intente nuevamente en unos minutos.',
  unavailable: 'El servidor no está disponible en este momento. Intente nuevamente en unos minutos.',
  notFound: 'No se encontró el recurso solicitado.',
  forbidden: AUTH_TEXT.forbidden,
  tooLarge: 'El archivo o los datos enviados son demasiado grandes.',
  other: (status: number) => `El servidor respondió con un error (${status}). Intente nuevamente.`,
} as const;

/** The message for an error answer that brought none of its own. */
export function statusMessage(status: number): string {
  if (status === 502 || status === 503 || status === 504) return HTTP_TEXT.unavailable;
  if (status >= 500) return HTTP_TEXT.serverError;
  if (status === 404) return HTTP_TEXT.notFound;
  if (status === 403) return HTTP_TEXT.forbidden;
  if (status === 413) return HTTP_TEXT.tooLarge;
  return HTTP_TEXT.other(status);
}

/**
 * What a fetch that threw means to the user: our own timeout, or no connection. A caller's own abort
 * (a query cancelled because the screen moved on) is not a failure to show: it is answered `null`.
 */
export function fetchFailure(error: unknown, callerSignal?: AbortSignal): string | null {
  if (callerSignal?.aborted) return null;
  if (error instanceof DOMException && error.name === 'TimeoutError') return HTTP_TEXT.timeout;
  return HTTP_TEXT.offline;
}
