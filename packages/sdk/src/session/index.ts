export { createSession, EXPIRY_SHARE, type Session, type SessionOptions, type LoginTicket } from './session.js';
export {
  sessionTransition,
  initialSessionState,
  isLoggedIn,
  type SessionState,
  type SessionStatus,
  type SessionEvent,
} from './sessionMachine.js';
export { StorageKeys, SESSION_KEYS, type StorageKey } from './keys.js';
export {
  browserStorage,
  createMemoryStorage,
  createSharedMemory,
  type KeyValueStorage,
  type SharedMemory,
} from './storage.js';
export { browserNavigate, browserCurrentUrl, type Navigate, type Navigation } from './navigation.js';
export { fingerprint } from './fingerprint.js';
