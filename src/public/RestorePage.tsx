import { type FormEvent, useRef, useState } from 'react';
import { AUTH_TEXT, restoreEmailSchema } from '../../domain/auth';
import { fieldErrors } from '../../domain/validation';
import { checkValidEmail, sendUserTokenByEmail } from '../authProvider/auth';
import { Field, focusFirstWrong, FormAlert, PublicDialog, PublicPage } from './parts';
import { useFocusBack } from '../ui/focusBack';

/** /restaurarContraseña: asks for the account's e-mail and mails a restore token. */
export function RestorePage() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [validUser, setValidUser] = useState(true);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // Disabled while it works, the button dropped the focus to the page's start: a failure gives it back.
  const submitButton = useRef<HTMLButtonElement>(null);
  useFocusBack(busy, () => submitButton.current);

  const parsed = restoreEmailSchema.safeParse({ email });
  const error = parsed.success ? undefined : fieldErrors(parsed.error).email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error) {
      setFailure('');
      focusFirstWrong(event.currentTarget as HTMLFormElement, { email: error });
      return;
    }
    setBusy(true);
    setFailure('');
    const form = event.currentTarget as HTMLFormElement;
    try {
      const { valid } = await checkValidEmail(email.trim());
      setValidUser(valid);
      // The field says why, read with it where the keyboard goes (left on the page's start, nothing was read).
      if (!valid) form.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      if (valid) {
        await sendUserTokenByEmail(email.trim());
        setSent(true);
      }
    } catch (e) {
      setFailure(e instanceof Error ? e.message : 'No se pudo enviar el token.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicPage>
      <p className="pub-subtitle">Restaurar contraseña</p>
      <form onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(v) => {
            setEmail(v);
            setValidUser(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched ? error || (validUser ? undefined : 'No existe un usuario activo con ese email.') : undefined}
          hint="Ingrese el email de su cuenta y le enviaremos un enlace para restaurar su contraseña."
        />
        <button ref={submitButton} type="submit" className="pub-button" disabled={busy}>
          Restaurar
        </button>
        <button type="button" className="pub-button secondary" onClick={() => window.location.assign('/login')}>
          Volver
        </button>
      </form>
      {sent && <PublicDialog title="ÉXITO" message={AUTH_TEXT.tokenSent} actions={[{ label: 'Aceptar', onClick: () => window.location.assign('/login') }]} />}
    </PublicPage>
  );
}
