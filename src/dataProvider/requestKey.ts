/**
 * The `Idempotency-Key` of a write that must not happen twice (moves created for Getters, a push to every
 * device, a project) or be refused for a change it made itself (an edit: its loaded version is gone). The
 * data provider sends one with every creation, edit and action. An answer can be lost while the server
 * goes on and saves (our timeout, a dropped connection): the user, told it failed, presses 'Guardar' again. Sent again with the same data, the write carries the
 * same key and the server answers what it did the first time (server/services/requestKeys.ts). Other data,
 * or the same data after a success (a second move on purpose), gets a new key.
 */
export interface RequestKeys {
  /** The key for this body: the last one while the body is the same and not yet saved, else a new one. */
  for(body: unknown): string;
  /** The write with this key succeeded: the next one, even with the same data, is another. */
  saved(key: string): void;
}

/** 128 random bits as 32 hex digits; `crypto.getRandomValues` also works where `randomUUID` does not (plain http). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How many writes not yet saved keep their key: more than a user leaves failed between two retries. */
export const PENDING_KEYS = 50;

/**
 * Keeps the key of each body until it is saved: for a retry of the same write, even after other writes
 * in between (a creation that failed, an edit saved, the creation sent again: still its key). Past
 * PENDING_KEYS, the oldest is forgotten.
 */
export function requestKeys(make: () => string = newRequestKey): RequestKeys {
  const pending = new Map<string, string>();
  return {
    for(body) {
      const text = JSON.stringify(body ?? null);
      let key = pending.get(text);
      if (key === undefined) {
        key = make();
        pending.set(text, key);
        if (pending.size > PENDING_KEYS) pending.delete(pending.keys().next().value!);
      }
      return key;
    },
    saved(key) {
      for (const [text, kept] of pending) if (kept === key) pending.delete(text);
    },
  };
}
