import { type ComponentType, lazy } from 'react';

/** When the console last reloaded itself for a new version (sessionStorage): once a minute at most. */
const RELOADED_AT = 'campo.reloadedForNewVersion';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/** The console's own script named by an index.html: '/assets/index-CApAOrMt.js' (the build names it by its content). */
export function mainScriptOf(html: string): string | null {
  const tag = /<script\b[^>]*\btype="module"[^>]*>/i.exec(html)?.[0];
  return tag ? (/\bsrc="([^"]+)"/i.exec(tag)?.[1] ?? null) : null;
}

/**
 * Whether a part of the console that could not be fetched is gone because a new version was deployed:
 * the server's index.html names another script than the one this page runs. A failure for any other
 * reason (the network, the server down) is not cured by a reload, which would replace the page by the
 * browser's own error page. `lastReload`: when the console last reloaded for this (a page that keeps
 * getting an old index.html from some cache would otherwise reload forever).
 */
export function newVersionServed(running: string | null, served: string | null, lastReload: number, now = Date.now()): boolean {
  return running !== null && served !== null && served !== running && now - lastReload >= RELOAD_AGAIN_AFTER_MS;
}

const runningScript = (): string | null => {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src, location.href).pathname : null;
};

async function servedScript(): Promise<string | null> {
  try {
    const page = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    return page.ok ? mainScriptOf(await page.text()) : null;
  } catch {
    return null;
  }
}

/**
 * Loads a part of the console fetched on demand (a screen, the shell after the login). Its files are named
 * by their content, and a deploy replaces them: a console left open since before it asked for a file the
 * server no longer has, and showed 'Algo salió mal' on the first screen it had not opened yet. It now
 * reloads at the same address and gets the new version (what was typed in that screen was not there yet).
 * Any other failure stands, for the error screen to say.
 */
export async function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const lastReload = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (!newVersionServed(runningScript(), await servedScript(), lastReload)) throw error;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    location.reload();
    // The page goes: the screen keeps showing that it loads until then.
    return new Promise<T>(() => undefined);
  }
}

/** React's `lazy` for a screen, reloading for a new version when its code is gone (`loadOrReload`). */
export const lazyScreen = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(() => loadOrReload(load));
