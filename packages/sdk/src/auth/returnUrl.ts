/**
 * Where to go after logging in: the one rule of the platform (the SDK's login, `<ds-login>` and the
 * portal all use it). Only this platform's own pages qualify: a crafted link
 * `#/login?returnUrl=https://evil.example`, `javascript:…`, a backslash, userinfo or dot segments that
 * collapse into `//evil.example` must not turn the login into a redirector.
 * Returns the same-origin address in relative form (path, query, hash), or `fallback`.
 */
export function sanitizeReturnUrl(raw: string | null | undefined, origin: string, fallback = '/'): string {
  if (!raw) return fallback;
  const value = raw.trim();
  // Control characters and backslashes are how parsers get tricked into reading another host.
  // eslint-disable-next-line no-control-regex -- the control characters are what this test looks for
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = /^https?:\/\/[^/]+$/i.test(origin) ? origin : 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, `${base}/`);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.origin !== new URL(base).origin) return fallback;
  // Dot segments collapse while parsing: `/.//evil.example` and `/x/..//evil.example` come out as the
  // path `//evil.example`, which a browser reads as another host. The answer must mean the same place
  // when it is read again.
  const relative = `${url.pathname}${url.search}${url.hash}`;
  if (relative.startsWith('//')) return fallback;
  let again: URL;
  try {
    again = new URL(relative, `${base}/`);
  } catch {
    return fallback;
  }
  return again.origin === url.origin && again.href === url.href ? relative : fallback;
}

/** Query parameters of the address, including those inside a hash route (`#/login?returnUrl=…`). */
export function readQuery(href: string): URLSearchParams {
  const params = new URLSearchParams();
  let url: URL;
  try {
    url = new URL(href, 'http://same-origin.invalid/');
  } catch {
    return params;
  }
  url.searchParams.forEach((value, key) => params.set(key, value));
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) new URLSearchParams(url.hash.slice(hashQuery + 1)).forEach((value, key) => params.set(key, value));
  return params;
}
