import { useEffect, useState } from 'react';
import { request } from '../dataProvider/http';

export interface PublicSettings {
  chatSupportUrl: string;
  auditorsUrl: string;
}

let cache: Promise<PublicSettings> | null = null;

/** The deployment links, asked once (the same answer for every caller). */
export function publicSettings(): Promise<PublicSettings> {
  cache ??= request<PublicSettings>('/settings/public', { anonymous: true }).catch(() => ({ chatSupportUrl: '', auditorsUrl: '' }));
  return cache;
}

/** Deployment links the console reads once at start (chat support, auditors): empty until they arrive. */
export function useSettings(): Partial<PublicSettings> {
  const [settings, setSettings] = useState<Partial<PublicSettings>>({});
  useEffect(() => {
    void publicSettings().then(setSettings);
  }, []);
  return settings;
}
