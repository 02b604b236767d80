import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AUTH_TEXT, newPasswordSchema } from '../../domain/auth';
import { fieldErrors, MSG } from '../../domain/validation';
import { checkValidToken, restoreUserPassword } from '../authProvider/auth';
import { Field, focusFirstWrong, FormAlert, PublicDialog, PublicPage } from './parts';
import { useFocusBack } from '../ui/focusBack';

type State = { step: 'checking' } | { step: 'invalid' } | { step: 'form'; userId: number } | { step: 'done' };

/** /cambiarContraseña/{token}: validates the mailed token, then sets the new password. */
export function ChangePasswordPage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: 'checking' });
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  // Disabled while it works, the button dropped the focus to the page's start: a failure gives it back.
  const submitButton = useRef<HTMLButtonElement>(null);
  useFocusBack(busy, () => submitButton.current);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (!token) {
      setState({ step: 'invalid' });
      return;
    }
    checkValidToken(token).then(
      ({ userId }) => setState({ step: 'form', userId }),
      () => setState({ step: 'invalid' }),
    );
  }, [token]);

  const parsed = newPasswordSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ password: true, confirmPassword: true });
    if (state.step !== 'form') return;
    if (Object.keys(errors).length) {
      setFailure('');
      focusFirstWrong(event.currentTarget as HTMLFormElement, errors);
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      await restoreUserPassword(state.userId, { ...values, token });
      setState({ step: 'done' });
    } catch (e) {
      const message = e instanceof Error ? e.message : '';
      if (message === AUTH_TEXT.invalidToken) setState({ step: 'invalid' });
      else setFailure(message || 'No se pudo restaurar la contraseña.');
    } finally {
      setBusy(false);
    }
  }

  const toLogin = () => window.location.assign('/login');
  if (state.step === 'checking') {
    return (
      <div className="pub-loading" role="progressbar" aria-label="Verificando token">
        <div className="pub-spinner" />
      </div>
    );
  }
  return (
    <PublicPage>
      <p className="pub-subtitle">Nueva contraseña</p>
      {state.step === 'form' && (
        <form onSubmit={submit} noValidate>
          <FormAlert message={failure} />
          <Field
            name="password"
            label="Nueva contraseña"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={values.password}
            onChange={(password) => setValues((v) => ({ ...v, password }))}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={touched.password ? errors.password : undefined}
            hint={MSG.password}
          />
          <Field
            name="confirmPassword"
            label="Confirmar contraseña"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(confirmPassword) => setValues((v) => ({ ...v, confirmPassword }))}
            onBlur={() => setTouched((t) => ({ ...t, confirmPassword: true }))}
            error={touched.confirmPassword ? errors.confirmPassword : undefined}
          />
          <button ref={submitButton} type="submit" className="pub-button" disabled={busy}>
            Guardar
          </button>
          <button type="button" className="pub-button secondary" onClick={toLogin}>
            Volver
          </button>
        </form>
      )}
      {state.step === 'invalid' && (
        <PublicDialog
          title="ERROR"
          message={AUTH_TEXT.invalidToken}
          actions={[
            { label: 'Cancelar', onClick: toLogin, secondary: true },
            { label: 'Generar nuevo Token', onClick: () => window.location.assign('/restaurarContraseña') },
          ]}
        />
      )}
      {state.step === 'done' && <PublicDialog title="CONFIRMACIÓN" message={AUTH_TEXT.restored} actions={[{ label: 'Aceptar', onClick: toLogin }]} />}
    </PublicPage>
  );
}
