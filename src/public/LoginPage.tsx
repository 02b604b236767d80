import { type FormEvent, useRef, useState } from 'react';
import { AUTH_TEXT, DRAFT_TEXT, loginSchema } from '../../domain/auth';
import { fieldErrors, isEmailShaped, MSG } from '../../domain/validation';
import { login } from '../authProvider/auth';
import { draftsKept } from '../authProvider/drafts';
import { forgetSessionExpired, sessionExpired, type StoredSession } from '../authProvider/session';
import { Field, focusFirstWrong, FormAlert, isRecommendedBrowser, PublicPage } from './parts';
import { useFocusBack } from '../ui/focusBack';

export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: StoredSession) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // Disabled while it works, the button dropped the focus to the page's start: a failure gives it back.
  const submitButton = useRef<HTMLButtonElement>(null);
  useFocusBack(busy, () => submitButton.current);
  // Sent here because the session could not be renewed: said until the user tries again.
  const [expired, setExpired] = useState(sessionExpired);
  const [drafts] = useState(draftsKept);

  const parsed = loginSchema.safeParse({ email, password });
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!errors.email && email.trim() && !isEmailShaped(email.trim())) errors.email = MSG.email;
  const shown = (field: string) => (touched[field] ? errors[field] : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (Object.keys(errors).length) {
      // The last attempt's 'Usuario o contraseña incorrectos' is not about what is on screen now.
      setFailure('');
      focusFirstWrong(event.currentTarget as HTMLFormElement, errors);
      return;
    }
    setBusy(true);
    setFailure('');
    setExpired(false);
    forgetSessionExpired();
    try {
      onLoggedIn(await login(email.trim(), password));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudo ingresar.');
      setBusy(false);
    }
  }

  const banner = isRecommendedBrowser(navigator.userAgent) ? null : (
    <div className="pub-banner" role="note">
      Este sitio esta optimizado para ser usado en Google Chrome.
    </div>
  );

  return (
    <PublicPage banner={banner}>
      <p className="pub-subtitle">Consola de administración</p>
      <form onSubmit={submit} noValidate>
        <FormAlert message={failure || [expired && AUTH_TEXT.sessionExpired, drafts && DRAFT_TEXT.kept].filter(Boolean).join(' ')} />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={setEmail}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          error={shown('email')}
        />
        <Field
          name="password"
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={shown('password')}
        />
        <button ref={submitButton} type="submit" className="pub-button" disabled={busy}>
          Ingresar
        </button>
      </form>
      <div className="pub-link">
        ¿Olvidó su contraseña? <a href="/restaurarContraseña">Recuperar</a>
      </div>
    </PublicPage>
  );
}
