import type { DsError } from '../errors/DsError.js';

/**
 * The login screen as one machine (spec §4). `captcha` means the slider puzzle is up and no request
 * may leave until it is solved; `redirecting` means the page is about to be replaced.
 */
export type LoginStatus = 'idle' | 'submitting' | 'captcha' | 'redirecting' | 'success' | 'failed';

export interface LoginState {
  status: LoginStatus;
  /** Failed attempts since the last success or solved captcha; above 1 the captcha comes first. */
  attempts: number;
  error?: DsError;
}

export type LoginEvent =
  | { type: 'submit' }
  /** Rejected before sending (empty account or password): not an attempt. */
  | { type: 'invalid'; error: DsError }
  | { type: 'failed'; error: DsError; counts: boolean }
  | { type: 'captchaRequired'; error?: DsError }
  | { type: 'captchaSolved' }
  | { type: 'captchaClosed' }
  | { type: 'succeeded' }
  | { type: 'redirect' }
  | { type: 'reset' };

export const initialLoginState: LoginState = { status: 'idle', attempts: 0 };

const settled = (status: LoginStatus) => status === 'idle' || status === 'failed' || status === 'success';

/** The next state, or null when the event is not allowed now (a double click while submitting). */
export function loginTransition(state: LoginState, event: LoginEvent): LoginState | null {
  switch (event.type) {
    case 'submit':
      return settled(state.status) ? { status: 'submitting', attempts: state.attempts } : null;
    case 'invalid':
      return settled(state.status) ? { status: 'failed', attempts: state.attempts, error: event.error } : null;
    case 'failed':
      if (state.status !== 'submitting') return null;
      return { status: 'failed', attempts: state.attempts + (event.counts ? 1 : 0), error: event.error };
    case 'captchaRequired':
      if (!settled(state.status) && state.status !== 'submitting') return null;
      return { status: 'captcha', attempts: state.attempts, ...(event.error ? { error: event.error } : {}) };
    case 'captchaSolved':
      return state.status === 'captcha' ? { status: 'submitting', attempts: 0 } : null;
    case 'captchaClosed':
      return state.status === 'captcha' ? { status: 'idle', attempts: state.attempts } : null;
    case 'succeeded':
      return state.status === 'submitting' ? { status: 'success', attempts: 0 } : null;
    case 'redirect':
      return settled(state.status) ? { status: 'redirecting', attempts: state.attempts } : null;
    case 'reset':
      return { ...initialLoginState };
  }
}
