import type { DsError } from '../errors/DsError.js';

/**
 * What the HTTP client asks of the session, kept as an interface so the client has no idea how tokens
 * are stored or refreshed (and tests can run the client without any session).
 */
export interface AuthGate {
  /** The token to send, refreshed first when it is past its time; throws to drop the request. */
  acquire(): Promise<string | null>;
  /** The server called `staleToken` expired: refresh once (shared by all callers) and give the new one. */
  renew(staleToken: string): Promise<string>;
  /**
   * The server ended the session (token unknown, removed, refused). `token` is the one the call carried,
   * so a late answer for a token already replaced ends nothing.
   */
  end(error: DsError, token: string | null): void;
}
