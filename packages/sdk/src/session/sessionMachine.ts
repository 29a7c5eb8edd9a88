/**
 * The session as one state machine. `refreshing` keeps the old token so waiting requests and the UI
 * still know who is logged in; `replaced` keeps this page's token so the mismatch stays detectable.
 */
export type SessionStatus = 'anonymous' | 'active' | 'refreshing' | 'expired' | 'replaced';

export interface SessionState {
  token: string | null;
  /** Epoch milliseconds after which the token is refreshed before use (now + 98 % of its lifetime). */
  expireAt: number | null;
  status: SessionStatus;
  /** Counts logins (not refreshes) in this page: a change means a different person may be behind the token. */
  loginSeq: number;
}

export type SessionEvent =
  | { type: 'login'; token: string; expireAt: number | null }
  | { type: 'refreshStarted' }
  | { type: 'refreshed'; token: string; expireAt: number | null }
  | { type: 'refreshFailed' }
  | { type: 'expired' }
  | { type: 'loggedOut' }
  | { type: 'replaced' };

export const initialSessionState = (token: string | null, expireAt: number | null): SessionState =>
  token
    ? { token, expireAt, status: 'active', loginSeq: 1 }
    : { token: null, expireAt: null, status: 'anonymous', loginSeq: 0 };

/** Events that make no sense in a state (a refresh result after logout) leave it as it is. */
export function sessionTransition(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'login':
      return { token: event.token, expireAt: event.expireAt, status: 'active', loginSeq: state.loginSeq + 1 };
    case 'refreshStarted':
      return state.status === 'active' ? { ...state, status: 'refreshing' } : state;
    case 'refreshed':
      return state.status === 'refreshing' || state.status === 'active'
        ? { ...state, token: event.token, expireAt: event.expireAt, status: 'active' }
        : state;
    case 'refreshFailed':
      return state.status === 'refreshing' ? { ...state, status: 'active' } : state;
    case 'expired':
      return { ...state, token: null, expireAt: null, status: 'expired' };
    case 'loggedOut':
      return { ...state, token: null, expireAt: null, status: 'anonymous' };
    case 'replaced':
      return state.token ? { ...state, status: 'replaced' } : state;
  }
}

export const isLoggedIn = (state: SessionState): boolean =>
  state.token !== null && (state.status === 'active' || state.status === 'refreshing');
