import { useEffect, useState } from 'react';
import { request } from '../dataProvider/http';

export interface PublicSettings {
  chatSupportUrl: string;
  auditorsUrl: string;
}

let cache: Promise<PublicSettings> | null = null;

/**
 * The deployment links, asked once (the same answer for every caller). A read that failed (the network, a
 * 503 as the console opened) is not kept: it was kept as 'no links', and 'Auditores' said 'no está
 * configurada' of a server that has the site until the page was reloaded. The next caller asks again.
 */
export function publicSettings(): Promise<PublicSettings> {
  cache ??= request<PublicSettings>('/settings/public', { anonymous: true }).catch((error: unknown) => {
    cache = null;
    throw error;
  });
  return cache;
}

/** Deployment links the console reads once at start (chat support, auditors): empty until they arrive. */
export function useSettings(): Partial<PublicSettings> {
  const [settings, setSettings] = useState<Partial<PublicSettings>>({});
  useEffect(() => {
    // Not read: the links stay unknown (absent), and a click on 'Auditores' asks again.
    void publicSettings().then(setSettings, () => undefined);
  }, []);
  return settings;
}
