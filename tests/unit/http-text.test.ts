/** What the console says of a call that failed without the server's own Spanish message. */
import { describe, expect, it } from 'vitest';
import { fetchFailure, HTTP_TEXT, statusMessage } from '../../src/dataProvider/httpText';

describe('a failed call without a message of the server', () => {
  it('is named by its status, in Spanish', () => {
    for (const status of [502, 503, 504]) expect(statusMessage(status)).toBe(HTTP_TEXT.unavailable);
    for (const status of [500, 501, 599]) expect(statusMessage(status)).toBe(HTTP_TEXT.serverError);
    expect(statusMessage(404)).toBe(HTTP_TEXT.notFound);
    expect(statusMessage(403)).toBe(HTTP_TEXT.forbidden);
    expect(statusMessage(413)).toBe(HTTP_TEXT.tooLarge);
    expect(statusMessage(418)).toBe('El servidor respondió con un error (418). Intente nuevamente.');
  });

  it('tells our timeout from no connection, and is silent when the caller gave up', () => {
    expect(fetchFailure(new DOMException('signal timed out', 'TimeoutError'))).toBe(HTTP_TEXT.timeout);
    expect(fetchFailure(new TypeError('Failed to fetch'))).toBe(HTTP_TEXT.offline);
    const gaveUp = new AbortController();
    gaveUp.abort();
    expect(fetchFailure(new DOMException('aborted', 'AbortError'), gaveUp.signal)).toBeNull();
  });
});
