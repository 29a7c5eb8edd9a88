/**
 * The AI assistant's page opens in a frame of the portal (docs/sso.md): the portal's pages may frame
 * the origin of `common.ai.pageUrl` — the one in the settings when the page is served — and no other.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const h = useHarness();
const policyOfPage = async () => (await fetch(`${h.base}/`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '';
const frameSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('frame-src')) ?? '';

describe('the AI assistant frame', () => {
  it('follows the AI page of the settings from the next page load', async () => {
    expect(frameSrc(await policyOfPage())).not.toContain('ai.example.cn');
    const admin = await h.token('admin');
    const saved = await h.call('POST', '/base/v1/globalConfig/save', { token: admin, body: { items: [{ configKey: 'common.ai.pageUrl', configValue: 'https://ai.example.cn/chat?from=platform' }] } });
    expect(saved.status).toBe(200);
    const frames = frameSrc(await policyOfPage());
    expect(frames.split(/\s+/)).toContain('https://ai.example.cn');
    expect(frames).not.toContain('/chat');
    expect(frames).not.toContain('*');
  });
});
