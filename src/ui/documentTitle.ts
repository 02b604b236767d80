import { useEffect } from 'react';

/**
 * The browser tab's title says where the user is: the screen's title, the console and the role
 * ('Lista de Clientes · Campo · Admin'). It was 'Campo · Admin' on every screen: a screen reader announces
 * the title on a navigation, and a user with several tabs could not tell them apart.
 */
export const documentTitle: { screen: string | null; role: string | null } = { screen: null, role: null };

export function showDocumentTitle(): void {
  document.title = [documentTitle.screen, 'Campo', documentTitle.role].filter(Boolean).join(' · ');
}

/** Names the tab after the screen shown while it is shown. */
export function useScreenTitle(title: string): void {
  useEffect(() => {
    documentTitle.screen = title;
    showDocumentTitle();
    return () => {
      if (documentTitle.screen !== title) return;
      documentTitle.screen = null;
      showDocumentTitle();
    };
  }, [title]);
}
