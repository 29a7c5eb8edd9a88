/** Where the SDK wants the user to go; the host maps it onto its router (the portal uses hash routes). */
export type Navigation =
  | { to: 'login'; returnUrl: string }
  | { to: 'url'; url: string; replace?: boolean };

export type Navigate = (target: Navigation) => void;

/** Hash route `#/login?returnUrl=…` (spec §2) or a full page change. */
export const browserNavigate: Navigate = (target) => {
  if (typeof window === 'undefined') return;
  if (target.to === 'login') {
    window.location.hash = `/login?returnUrl=${encodeURIComponent(target.returnUrl)}`;
  } else if (target.replace) {
    window.location.replace(target.url);
  } else {
    window.location.assign(target.url);
  }
};

export function browserCurrentUrl(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}
