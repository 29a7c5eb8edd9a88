import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { StorageKeys } from '@dscloud/sdk/session';
import css from './login.css?inline';
import { usePlatform } from '../shared/PlatformContext.js';
import { useStore } from '../shared/useStore.js';
import { useStyles } from '../shared/adoptStyles.js';
import { CaptchaDialog } from './CaptchaDialog.js';
import { DeployFailure } from './DeployFailure.js';
import { LoginForm, type LoginFormValues } from './LoginForm.js';
import { Logo } from './Logo.js';
import { WechatLogin } from './WechatLogin.js';
import { loginMessages, toLang } from './messages.js';
import { useLoginSettings } from './useLoginSettings.js';
import { usernameMemory } from './usernameMemory.js';
import type { LoginFailureDetail, LoginSuccessDetail } from './loginTypes.js';

export interface LoginProps {
  /** Platform origin; default: the provided platform, else the origin the element script came from. */
  apiBase?: string;
  /** 'deploy' logs in from `flag` and `authorization` in the page address and shows no form. */
  loginType?: string;
  /** Where to go after a successful login; without it the host decides (event or `onSuccess`). */
  returnUrl?: string;
  lang?: string;
  onSuccess?: (detail: LoginSuccessDetail) => void;
  onFailure?: (detail: LoginFailureDetail) => void;
  /** How to leave the page (after success with `returnUrl`, or "知道了" of the deploy dialog). */
  onNavigate?: (url: string) => void;
  /** The address the deploy type reads; default: the page's. */
  pageUrl?: string;
}

const leave = (url: string) => window.location.assign(url);

/**
 * The login screen (spec §2): account and password, remember-account, forgot-password link,
 * WeChat QR for the configured areas, the slider captcha after repeated failures, and the
 * form-less deploy type.
 */
export function Login(props: LoginProps) {
  const { loginType, pageUrl } = props;
  const platform = usePlatform(props.apiBase);
  const { auth, config } = platform;
  const lang = toLang(props.lang);
  const m = useMemo(() => loginMessages(lang), [lang]);
  const root = useRef<HTMLDivElement>(null);
  useStyles(root, 'ds-login', css);

  const settings = useLoginSettings(config);
  const status = useStore(auth, (s) => s.status);
  const error = useStore(auth, (s) => s.error);
  const memory = useMemo(() => usernameMemory(platform.storage), [platform]);
  const [remembered] = useState(() => memory.get());
  const username = useRef(remembered ?? '');
  const remember = useRef(false);
  // The account of the last attempt: the captcha's puzzle is bound to it.
  const [account, setAccount] = useState(remembered ?? '');
  const deploy = loginType === 'deploy';

  // Callbacks change on every host render; the subscription must not.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(
    () =>
      auth.subscribe((state, previous) => {
        if (state.status === previous.status) return;
        const { onSuccess, onFailure, onNavigate = leave, returnUrl: target } = latest.current;
        if (state.status === 'success') {
          const session = platform.session.getState();
          if (!session.token) return;
          if (!deploy && settings?.rememberPassword) memory.set(remember.current ? username.current : null);
          const failedLogins = auth.loginNotice();
          onSuccess?.({ token: session.token, expire: Number(platform.storage.get(StorageKeys.expire) ?? 0), ...(failedLogins ? { failedLogins } : {}) });
          if (target) onNavigate(target);
        } else if (state.status === 'failed' && state.error) {
          onFailure?.({ code: state.error.code, message: state.error.localizedMessage(toLang(latest.current.lang)) });
        }
      }),
    [auth, platform, memory, deploy, settings?.rememberPassword],
  );

  // The deploy attempt runs once per mount and address.
  useEffect(() => {
    if (deploy) void auth.deployLogin(pageUrl);
  }, [deploy, auth, pageUrl]);

  const submit = (values: LoginFormValues) => {
    username.current = values.username;
    remember.current = values.remember;
    setAccount(values.username);
    void auth.submit({ username: values.username, password: values.password });
  };

  const areaCode = settings?.areaCode ?? 'dsideal';
  const showWechat = !!settings && settings.wechatAreaCodes.includes(areaCode);
  const busy = status === 'submitting' || status === 'redirecting';

  return (
    <div ref={root} className="ds-login" data-ds-root="ds-login" part="base" lang={lang}>
      {settings ? <Logo src={platform.http.url(`/static/platformLogo/${encodeURIComponent(areaCode)}.png`)} alt={m.logoAlt} /> : null}
      <h2 className="ds-login__title" part="title">{m.title}</h2>
      {deploy ? (
        <>
          <p className="ds-login__status" role="status">{status === 'failed' ? '' : m.deployWorking}</p>
          <DeployFailure
            open={status === 'failed'}
            messages={m}
            onAcknowledge={() => (latest.current.onNavigate ?? leave)('/')}
          />
        </>
      ) : (
        <>
          <LoginForm
            messages={m}
            initialUsername={remembered ?? ''}
            initialRemember={!!remembered}
            showRemember={!!settings?.rememberPassword}
            forgotPasswordUrl={settings?.forgotPasswordUrl ?? ''}
            busy={busy}
            serverError={status === 'failed' && error ? error.localizedMessage(lang) : null}
            onSubmit={submit}
            onUsernameChange={(value) => (username.current = value.trim())}
          />
          {showWechat ? <WechatLogin messages={m} loadUrl={() => auth.wechatLoginParam(areaCode)} /> : null}
          <CaptchaDialog auth={auth} open={status === 'captcha'} username={account} lang={lang} messages={m} />
        </>
      )}
    </div>
  );
}
