import { StorageKeys } from '../session/keys.js';
import { readStoredObject, type KeyValueStorage } from '../session/storage.js';

/**
 * The bureau's own login page (login mode 1) and, when it has one, its own logout page, kept under
 * `loginUrlData` so a later logout in any tab can send the user back there.
 */
export interface LoginUrlData {
  loginUrl?: string;
  logoutUrl?: string;
}

export function readLoginUrlData(storage: KeyValueStorage): LoginUrlData {
  const { loginUrl, logoutUrl } = readStoredObject(storage, StorageKeys.loginUrlData);
  const data: LoginUrlData = {};
  if (typeof loginUrl === 'string' && isWebUrl(loginUrl)) data.loginUrl = loginUrl;
  if (typeof logoutUrl === 'string' && isWebUrl(logoutUrl)) data.logoutUrl = logoutUrl;
  // A bureau with its own login page gets its users back there after logout too.
  if (!data.logoutUrl && data.loginUrl && storage.get(StorageKeys.loginMode) === '1') data.logoutUrl = data.loginUrl;
  return data;
}

export function writeLoginUrlData(storage: KeyValueStorage, data: LoginUrlData): void {
  storage.set(StorageKeys.loginUrlData, JSON.stringify({ ...readLoginUrlData(storage), ...data }));
}

/** Storage is writable by any script on the origin: never navigate to `javascript:` from it. */
function isWebUrl(value: string): boolean {
  return /^(https?:\/\/|\/(?![/\\]))/i.test(value.trim());
}
