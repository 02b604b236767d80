/**
 * An upload the server takes long to answer: the users' load (10.000 rows) gets the bulk loads' time, and a
 * time-out after the whole file went says the load may have been written (the server goes on with it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_TEXT, uploadWithProgress } from '../../src/dataProvider/upload';

/** An XMLHttpRequest that sends the whole body and then never answers. */
class SilentRequest {
  static last: SilentRequest;
  timeout = 0;
  upload: { onprogress?: (e: unknown) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  constructor() {
    SilentRequest.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {
    queueMicrotask(() => {
      this.upload.onload?.();
      this.ontimeout?.();
    });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('an upload that times out', () => {
  it('takes the time it is given, and after the whole file went says the load may have been written', async () => {
    vi.stubGlobal('XMLHttpRequest', SilentRequest);
    const phases: string[] = [];
    const answer = uploadWithProgress('/web-users/massive', new FormData(), (p) => phases.push(p.phase), 'main', { timeoutMs: 120_000 });
    await expect(answer).rejects.toMatchObject({ message: UPLOAD_TEXT.noAnswer });
    expect(SilentRequest.last.timeout).toBe(120_000);
    expect(phases).toContain('processing');
    expect(UPLOAD_TEXT.noAnswer).toBe('El servidor no respondió a tiempo: la carga pudo haberse completado. Revise la lista antes de volver a subir el archivo.');
  });
});
