import { useEffect, useState } from 'react';
import { sooftLogin } from '../authProvider/auth';
import type { StoredSession } from '../authProvider/session';
import { PublicDialog } from './parts';

/** /sooft-login#token=…: the partner's token is posted in the body of POST /auth/sooft-login. */
export function SooftLoginPage({ onLoggedIn }: { onLoggedIn: (session: StoredSession) => void }) {
  const [failure, setFailure] = useState('');
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search);
    const token = params.get('token') ?? '';
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, '', '/sooft-login');
    if (!token) {
      setFailure('El Token utilizado es inválido o ha expirado.');
      return;
    }
    sooftLogin(token).then(onLoggedIn, (e: Error) => setFailure(e.message));
  }, []);
  if (failure) {
    return <PublicDialog title="ERROR" message={failure} actions={[{ label: 'Cerrar', onClick: () => window.location.assign('/login') }]} />;
  }
  return (
    <div className="pub-loading" role="progressbar" aria-label="Ingresando">
      <div className="pub-spinner" />
    </div>
  );
}
