/**
 * Device shells' host pages (docs/device.md): only the exact origins of SHELL_ORIGINS may frame the
 * portal, besides the portal itself; anything but an exact origin stops the server with a message.
 */
import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../src/settings.js';
import { useHarness } from './harness.js';

const SHELL = 'https://shell.example.cn';
const h = useHarness({ settings: { shellOrigins: [SHELL] } });

describe('shell origins', () => {
  it('lets the configured shell origin frame the portal, and no other', async () => {
    const csp = (await fetch(`${h.base}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors 'self' ${SHELL}`);
    expect(csp).not.toContain('*');
  });

  it('takes only exact origins from SHELL_ORIGINS', () => {
    expect(settingsFromEnv({ SHELL_ORIGINS: `${SHELL}, http://127.0.0.1:17800/` }).shellOrigins).toEqual([SHELL, 'http://127.0.0.1:17800']);
    expect(settingsFromEnv({}).shellOrigins).toEqual([]);
    for (const bad of ['https://*.example.cn', 'https://shell.example.cn/app', 'shell.example.cn', 'file:///x']) {
      expect(() => settingsFromEnv({ SHELL_ORIGINS: bad })).toThrow(/SHELL_ORIGINS/);
    }
  });
});
