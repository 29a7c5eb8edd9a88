import { useId, useState, type FormEvent } from 'react';
import type { Messages } from './messages.js';

export interface LoginFormValues {
  username: string;
  password: string;
  remember: boolean;
}

export interface LoginFormProps {
  messages: Messages;
  initialUsername?: string;
  /** Shown only when global config `common.login.rememberPassword` is '1'. */
  showRemember: boolean;
  initialRemember?: boolean;
  /** Empty hides the link (global config `common.login.forgotPasswordUrl`). */
  forgotPasswordUrl?: string;
  busy: boolean;
  /** The server's answer to the last attempt. */
  serverError?: string | null;
  onSubmit: (values: LoginFormValues) => void;
  onUsernameChange?: (username: string) => void;
}

interface FieldErrors {
  username?: string;
  password?: string;
}

/**
 * Account and password with the §5 rules: both trimmed and required. An empty field never reaches
 * the server; its message sits under the field and is tied to it by aria-describedby.
 */
export function LoginForm(props: LoginFormProps) {
  const { messages: m, showRemember, forgotPasswordUrl, busy, serverError } = props;
  const id = useId();
  const [username, setUsername] = useState(props.initialUsername ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(props.initialRemember ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next: FieldErrors = {};
    if (!username.trim()) next.username = m.accountRequired;
    if (!password.trim()) next.password = m.passwordRequired;
    setErrors(next);
    if (next.username || next.password) {
      const form = event.currentTarget as HTMLFormElement;
      form.querySelector<HTMLInputElement>(next.username ? 'input[name="username"]' : 'input[name="password"]')?.focus();
      return;
    }
    props.onSubmit({ username: username.trim(), password: password.trim(), remember });
  };

  const field = (name: 'username' | 'password') => {
    const error = errors[name];
    const isUser = name === 'username';
    return (
      <div className="ds-login__field">
        <label className="ds-login__label" part="label" htmlFor={`${id}-${name}`}>
          {isUser ? m.account : m.password}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          className="ds-login__input"
          part="input"
          type={isUser ? 'text' : 'password'}
          autoComplete={isUser ? 'username' : 'current-password'}
          placeholder={isUser ? m.accountPlaceholder : m.passwordPlaceholder}
          value={isUser ? username : password}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isUser) {
              setUsername(value);
              props.onUsernameChange?.(value);
            } else setPassword(value);
            if (error && value.trim()) setErrors((prev) => ({ ...prev, [name]: undefined }));
          }}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="ds-login__error" part="error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="ds-login__form" part="form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {serverError ? (
        <p className="ds-login__alert" part="alert" role="alert">
          {serverError}
        </p>
      ) : null}
      {field('username')}
      {field('password')}
      {showRemember || forgotPasswordUrl ? (
        <div className="ds-login__row">
          {showRemember ? (
            <label className="ds-login__remember" part="remember">
              <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
              {m.remember}
            </label>
          ) : null}
          {forgotPasswordUrl ? (
            <a className="ds-login__forgot" part="forgot" href={forgotPasswordUrl} target="_blank" rel="noopener noreferrer">
              {m.forgot}
            </a>
          ) : null}
        </div>
      ) : null}
      <button
        type="submit"
        className="ds-login__submit"
        part="submit"
        aria-disabled={busy || undefined}
      >
        {busy ? m.submitting : m.submit}
      </button>
    </form>
  );
}
