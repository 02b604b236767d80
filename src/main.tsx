import { StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { clearSession, getSession, leaveFor, leaveForLogin, leavingForLogin, markSessionExpired, needsRefresh, onSessionChangedElsewhere, rememberNext, type StoredSession, takeNext } from './authProvider/session';
import { keepDrafts, onlyDraftsOf } from './authProvider/drafts';
import { refreshSession, syncProfile } from './dataProvider/http';
import { ChangePasswordPage } from './public/ChangePasswordPage';
import { LoginPage } from './public/LoginPage';
import { publicScreen, tokenFromPath } from './public/paths';
import { RestorePage } from './public/RestorePage';
import { SooftLoginPage } from './public/SooftLoginPage';
import { lazyScreen } from './ui/newVersion';
import './public/public.css';

// The admin shell is loaded only once there is a session: the login page stays small.
const AdminApp = lazyScreen(() => import('./App'));

type Mode = 'public' | 'checking' | 'admin';

function initialMode(): Mode {
  const screen = publicScreen(location.pathname);
  const session = getSession();
  if (screen && screen !== 'login') return 'public';
  if (!session) {
    if (!screen) {
      rememberNext(location.pathname + location.search);
      history.replaceState(null, '', '/login');
    }
    return 'public';
  }
  if (screen === 'login' && location.pathname !== '/') history.replaceState(null, '', '/');
  return 'checking';
}

function Loading() {
  return (
    <div className="pub-loading" role="progressbar" aria-label="Cargando">
      <div className="pub-spinner" />
    </div>
  );
}

function Root() {
  const [mode, setMode] = useState<Mode>(initialMode);

  useEffect(() => {
    if (mode !== 'checking') return;
    const session = getSession();
    // At start the token is refreshed when needed; a failed refresh returns to login.
    if (session && !needsRefresh(session)) {
      setMode('admin');
      // The role, client or links may have changed since login (a renewal reads them too).
      void syncProfile();
      return;
    }
    refreshSession().then(
      (ok) => {
        if (ok) return setMode('admin');
        if (session) markSessionExpired();
        clearSession();
        // Logging in again opens the page that was asked for, as without any session.
        if (location.pathname !== '/') rememberNext(location.pathname + location.search);
        history.replaceState(null, '', '/login');
        setMode('public');
      },
      // The server could not answer the renewal (busy, restarting, offline): the session is not over.
      // The console opens on it; its calls say why they fail and renew again once the server answers.
      () => setMode('admin'),
    );
  }, [mode]);

  // Another tab logged out, or in (as someone else): this one follows instead of showing one user's
  // screens to another, or accepting edits that its next call would refuse.
  useEffect(
    () =>
      onSessionChangedElsewhere((change) => {
        if (mode === 'admin' && change === 'ended') {
          if (leavingForLogin()) return;
          keepDrafts();
          rememberNext(location.pathname + location.search);
          leaveForLogin();
        } else if ((mode === 'admin' && change === 'otherUser') || (mode === 'public' && change === 'started' && publicScreen(location.pathname) === 'login')) {
          leaveFor(mode === 'admin' ? '/' : takeNext());
        }
      }),
    [mode],
  );

  const enter = (session: StoredSession) => {
    const next = takeNext();
    onlyDraftsOf(session.profile.id, next);
    history.replaceState(null, '', next);
    setMode('admin');
  };

  if (mode === 'checking') return <Loading />;
  if (mode === 'admin') {
    return (
      <Suspense fallback={<Loading />}>
        <AdminApp />
      </Suspense>
    );
  }
  const screen = publicScreen(location.pathname);
  if (screen === 'restore') return <RestorePage />;
  if (screen === 'change') return <ChangePasswordPage token={tokenFromPath(location.pathname)} />;
  if (screen === 'sooft') return <SooftLoginPage onLoggedIn={enter} />;
  return <LoginPage onLoggedIn={enter} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
