import type { KeyValueStorage } from '@dscloud/sdk/session';

/**
 * "记住密码" keeps the account name only. A password in local storage would be readable by any
 * script on the bureau's origin, so it is never written anywhere.
 */
export const REMEMBERED_USERNAME_KEY = 'ds.login.rememberedUsername';

export interface UsernameMemory {
  get(): string | null;
  set(username: string | null): void;
}

export function usernameMemory(storage: KeyValueStorage): UsernameMemory {
  return {
    get: () => storage.get(REMEMBERED_USERNAME_KEY),
    set: (username) => (username ? storage.set(REMEMBERED_USERNAME_KEY, username) : storage.remove(REMEMBERED_USERNAME_KEY)),
  };
}
