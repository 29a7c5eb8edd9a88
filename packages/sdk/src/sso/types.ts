/**
 * Single sign-on to the bureau's other systems (docs/sso.md): the shapes the portal, the server and
 * the systems on the other side agree on. Pure data, shared by client and server.
 */

/** The external systems a signed-in user can be sent to, each with its URL in the platform settings. */
export const SSO_TARGETS = ['smartGrowth', 'smartManagement', 'virtualSimulation', 'aiAssistant'] as const;
export type SsoTarget = (typeof SSO_TARGETS)[number];

/** The settings key holding each target's URL. */
export const SSO_TARGET_SETTINGS: Readonly<Record<SsoTarget, string>> = Object.freeze({
  smartGrowth: 'common.link.smartGrowth',
  smartManagement: 'common.link.smartManagement',
  virtualSimulation: 'common.link.virtualSimulation',
  aiAssistant: 'common.ai.pageUrl',
});

/** `POST {v1}/sso/ticket` → the target's URL with `ticket=<signed ticket>` appended. */
export interface SsoTicketGrant {
  url: string;
  /** ISO instant after which the ticket is refused. */
  expiresAt: string;
}

/** Why `checkToken` refused a ticket (also `data.reason` of the refusal). */
export type TicketRefusal = 'malformed' | 'tampered' | 'expired' | 'used' | 'wrongService';

/** `GET|POST /cas/sz/checkToken?ticket=&service=` → who the ticket names, once. */
export interface TicketCheck {
  valid: true;
  userId: string;
  role: string;
  name: string;
  orgId: string;
  target: SsoTarget;
  /** ISO instants. */
  issuedAt: string;
  expiresAt: string;
}
