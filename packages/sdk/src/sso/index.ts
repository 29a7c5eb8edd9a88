/**
 * Single sign-on to the bureau's other systems (smart growth, smart management, virtual simulation,
 * the AI assistant): the shared shapes and the one client of the ticket call. docs/sso.md has the
 * protocol for the systems on the other side.
 */
export * from './types.js';
export { createSsoApi, type SsoApi } from './ssoApi.js';
