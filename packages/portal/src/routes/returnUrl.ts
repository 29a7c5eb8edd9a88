import { sanitizeReturnUrl } from '@dscloud/sdk/auth';

/**
 * Where to go after login, as a route of the portal. The portal's part is the hash route: a full
 * address of this same portal (what the SDK sends on session expiry) is reduced to its hash route, and
 * the login page itself is no destination. Whether an address stays on this site is the SDK's one rule
 * (`sanitizeReturnUrl`): a route that rule refuses is refused here too.
 */
export function safeReturnUrl(raw: string | null | undefined, origin: string = location.origin): string {
  if (!raw) return '/';
  let value = raw.trim();
  try {
    // Links encode it once; tolerate one more layer from links built by older pages.
    for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(value); i++) value = decodeURIComponent(value);
  } catch {
    return '/';
  }
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return '/';
    }
    if (url.origin !== origin || !url.hash.startsWith('#/')) return '/';
    value = url.hash;
  }
  if (value.startsWith('#')) value = value.slice(1);
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex -- the control characters are what this test looks for
  if (/[\u0000-\u001f]/.test(value)) return '/';
  if (/^\/login(?:[/?#]|$)/.test(value)) return '/';
  return sanitizeReturnUrl(value, origin, '') ? value : '/';
}
