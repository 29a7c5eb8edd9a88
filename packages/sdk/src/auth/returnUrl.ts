/**
 * Where to go after logging in. Only this platform's own pages qualify: a crafted link
 * `#/login?returnUrl=https://evil.example` or `javascript:…` must not turn the login into a redirector.
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
  return `${url.pathname}${url.search}${url.hash}`;
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
