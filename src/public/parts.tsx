import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** The public pages' heading: the product's name (a page without a heading is hard to find one's way in). */
export function Logo() {
  return (
    <h1 className="pub-logo">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      CAMPO
    </h1>
  );
}

export function PublicPage({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <main className="pub-page">
      {banner}
      <div className="pub-card">
        <Logo />
        {children}
      </div>
    </main>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  type?: 'email' | 'password' | 'text';
  autoComplete?: string;
  autoFocus?: boolean;
  name: string;
}

/** A text or password field; a password one has the show/hide toggle and the caps-lock warning. */
export function Field({ label, value, onChange, onBlur, error, hint, type = 'text', autoComplete, autoFocus, name }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const isPassword = type === 'password';
  // The line under the field (its error or hint) and the caps-lock warning describe it: a screen reader
  // says them with the field, as the console's fields do.
  const described = [error || hint ? `${id}-message` : '', capsLock ? `${id}-caps` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pub-field">
      <label htmlFor={id}>{label}</label>
      <div className="pub-input-row">
        <input
          id={id}
          name={name}
          type={isPassword && !visible ? 'password' : isPassword ? 'text' : type}
          value={value}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          onKeyUp={(e) => isPassword && setCapsLock(e.getModifierState('CapsLock'))}
          onKeyDown={(e) => isPassword && setCapsLock(e.getModifierState('CapsLock'))}
        />
        {isPassword && (
          <button type="button" className="pub-eye" onClick={() => setVisible((v) => !v)} aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}>
            {visible ? 'Ocultar' : 'Mostrar'}
          </button>
        )}
      </div>
      {capsLock && (
        <div id={`${id}-caps`} className="pub-warning">
          Bloq Mayús está activado
        </div>
      )}
      {/* Always one line tall: an error appearing on blur must not move what the user is clicking. */}
      <div id={`${id}-message`} className={error ? 'pub-error' : 'pub-hint'}>
        {error || hint || ''}
      </div>
    </div>
  );
}

interface DialogProps {
  title: string;
  message: string;
  actions: { label: string; onClick: () => void; secondary?: boolean }[];
}

/**
 * A public page's modal dialog. It takes the keyboard: its first action has the focus ('Cancelar' where there
 * is one), the page behind it is inert (Tab went to the form's 'Restaurar' and 'Volver' behind an 'ÉXITO'),
 * and Escape does what its dismissing action does ('Cancelar', or the only one: 'Aceptar', 'Cerrar').
 */
export function PublicDialog({ title, message, actions }: DialogProps) {
  const id = useId();
  const messageId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const dismiss = actions.find((a) => a.secondary) ?? (actions.length === 1 ? actions[0] : undefined);
  const dismissNow = useRef(dismiss);
  dismissNow.current = dismiss;
  useEffect(() => {
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    first.current?.focus();
    // On the document: Tab past the last button leaves the dialog for the browser, where the dialog's own
    // keys are not heard. Tab goes round its buttons; Escape dismisses from wherever the focus is.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissNow.current) {
        event.preventDefault();
        dismissNow.current.onClick();
      } else if (event.key === 'Tab' && box.current) {
        const buttons = [...box.current.querySelectorAll('button')];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        event.preventDefault();
        buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      page?.removeAttribute('inert');
    };
  }, []);
  const ordered = [...actions.filter((a) => a === dismiss), ...actions.filter((a) => a !== dismiss)];
  return createPortal(
    <div className="pub-dialog-backdrop">
      <div ref={box} className="pub-dialog" role="dialog" aria-modal="true" aria-labelledby={id} aria-describedby={messageId}>
        <h2 id={id}>{title}</h2>
        <p id={messageId}>{message}</p>
        <div className="pub-dialog-actions">
          {actions.map((a) => (
            <button key={a.label} ref={a === ordered[0] ? first : undefined} type="button" className={`pub-button${a.secondary ? ' secondary' : ''}`} onClick={a.onClick}>
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Chrome and Edge are the recommended browsers (spec 1 §2.1). */
export function isRecommendedBrowser(userAgent: string): boolean {
  if (/Firefox|FxiOS|OPR\/|Opera|SamsungBrowser/i.test(userAgent)) return false;
  return /Chrome|CriOS|Edg\//.test(userAgent);
}

/**
 * A form sent with fields to correct: the keyboard goes to the first of them (in the page's order), where
 * its message is read with it; it stayed on the field Enter was pressed in, or on the button.
 */
export function focusFirstWrong(form: HTMLFormElement, wrong: Record<string, unknown>): void {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && wrong[element.name]) {
      element.focus();
      return;
    }
  }
}

/** A failed call's message above a public form; nothing when there is none. */
export function FormAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <div className="pub-alert" role="alert">
      {message}
    </div>
  );
}
