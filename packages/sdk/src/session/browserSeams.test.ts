// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { browserNavigate } from './navigation.js';
import { browserStorage } from './storage.js';

afterEach(() => window.localStorage.clear());

describe('browser defaults of the session seams', () => {
  it('keeps keys in localStorage and reports storage events from other tabs', () => {
    const storage = browserStorage();
    storage.set('token', 'abc');
    expect(window.localStorage.getItem('token')).toBe('abc');
    const keys: (string | null)[] = [];
    const stop = storage.subscribe!((key) => keys.push(key));
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: window.localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: window.localStorage }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'expire', storageArea: window.localStorage }));
    expect(keys).toEqual(['token', null]);
    storage.remove('token');
    expect(storage.get('token')).toBeNull();
  });

  it('sends the user to the hash login route with the return address', () => {
    browserNavigate({ to: 'login', returnUrl: 'http://localhost:3000/#/my-notes' });
    expect(window.location.hash).toBe(`#/login?returnUrl=${encodeURIComponent('http://localhost:3000/#/my-notes')}`);
  });
});
