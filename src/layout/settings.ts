import { useEffect, useState } from 'react';
import { request } from '../dataProvider/http';

export interface PublicSettings {
  chatSupportUrl: string;
  auditorsUrl: string;
}

let cache: Promise<PublicSettings> | null = null;

/** Deployment links the console reads once at start (chat support, auditors). */
export function useSettings(): Partial<PublicSettings> {
  const [settings, setSettings] = useState<Partial<PublicSettings>>({});
  useEffect(() => {
    cache ??= request<PublicSettings>('/settings/public', { anonymous: true }).catch(() => ({ chatSupportUrl: '', auditorsUrl: '' }));
    cache.then(setSettings);
  }, []);
  return settings;
}
