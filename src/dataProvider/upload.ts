import { getSession } from '../authProvider/session';
import { type ApiBase, apiBase, TIMEOUT_MS } from '../config';
import { ApiError, endSessionAndGoToLogin, refreshSession } from './http';
import { statusMessage } from './httpText';

export interface UploadProgress {
  /** 'upload' while the file travels (fraction 0–1), then 'processing' while the server works on it. */
  phase: 'upload' | 'processing';
  fraction: number;
}

export const UPLOAD_TEXT = {
  noConnection: 'No se pudo enviar el archivo. Revise la conexión e intente nuevamente.',
  tooSlow: 'El envío del archivo tardó demasiado.',
  /** The whole file went and no answer came in time: the server goes on with it and may have written every row. */
  noAnswer: 'El servidor no respondió a tiempo: la carga pudo haberse completado. Revise la lista antes de volver a subir el archivo.',
} as const;

/** The server's answer to a refused upload: its message and whatever else it said (e.g. `lines`). */
export type UploadRefusal = ApiError & { body: { message: string; lines?: string[] } };

function sendOnce(path: string, form: FormData, base: ApiBase, onProgress: (p: UploadProgress) => void, timeoutMs: number): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase(base)}${path}`);
    xhr.timeout = timeoutMs;
    let sent = false;
    xhr.setRequestHeader('accept', 'application/json');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ phase: 'upload', fraction: e.loaded / e.total });
    };
    xhr.upload.onload = () => {
      sent = true;
      onProgress({ phase: 'processing', fraction: 1 });
    };
    xhr.onload = () => {
      let body: any = {};
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        body = {};
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(UPLOAD_TEXT.noConnection, 0, { message: 'No se pudo enviar el archivo.' }));
    // Timed out while the file travelled, nothing was loaded; after, the server may still write it all.
    xhr.ontimeout = () => {
      const message = sent ? UPLOAD_TEXT.noAnswer : UPLOAD_TEXT.tooSlow;
      reject(new ApiError(message, 0, { message }));
    };
    xhr.send(form);
  });
}

/**
 * Posts a multipart form with XMLHttpRequest, whose upload reports progress (fetch's does not).
 * A 401 triggers one token refresh and one retry, like every other call.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
  base: ApiBase = 'main',
  { timeoutMs = TIMEOUT_MS[base] }: { timeoutMs?: number } = {},
): Promise<T> {
  let answer = await sendOnce(path, form, base, onProgress, timeoutMs);
  if (answer.status === 401) {
    if (!(await refreshSession())) endSessionAndGoToLogin();
    answer = await sendOnce(path, form, base, onProgress, timeoutMs);
    if (answer.status === 401) endSessionAndGoToLogin();
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const message = answer.body?.message || statusMessage(answer.status);
  throw new ApiError(message, answer.status, { ...answer.body, message });
}
