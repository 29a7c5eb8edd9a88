/**
 * The request log never holds a credential: a token refreshed through the URL
 * (`/cas/sz/refreshToken?oldToken=…`) and a signed media link's signature are logged as [redacted],
 * while the rest of the line stays useful.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logRedaction.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
const lines: string[] = [];

beforeAll(async () => {
  h = await startHarness({ logger: true, logStream: { write: (line: string) => void lines.push(line) }, settings: { logLevel: 'info' } as never });
});
afterAll(async () => {
  await h?.close();
});

describe('request log', () => {
  it('shows a refreshed token and a media signature as [redacted]', async () => {
    const token = await h.token('teacher');
    const refreshed = await h.call('GET', `/cas/sz/refreshToken?oldToken=${encodeURIComponent(token)}&ua=test`);
    expect(refreshed.status).toBe(200);
    await h.call('GET', `/file/v1/file/media/x1?e=99999999999&s=SIGNATURE-SECRET-1234`);

    const log = lines.join('');
    expect(log).toContain('/cas/sz/refreshToken?oldToken=[redacted]&ua=test');
    expect(log).toContain('/file/v1/file/media/x1?e=99999999999&s=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain('SIGNATURE-SECRET-1234');
  });

  it('redacts by parameter name, whatever its case or encoding, and leaves others alone', () => {
    expect(redactUrl('/a?OldToken=x&b=1')).toBe('/a?OldToken=[redacted]&b=1');
    expect(redactUrl('/a?%74oken=x')).toBe('/a?%74oken=[redacted]');
    expect(redactUrl('/a?password=p&keyword=k')).toBe('/a?password=[redacted]&keyword=k');
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a?%E0%A4%A=1')).toBe('/a?%E0%A4%A=1');
  });

  it("shows a share link's token as [redacted], in the path of the page and of its document", async () => {
    const token = 'SHARE-TOKEN-SECRET-5678';
    await h.call('GET', `/business/v1/whiteboardShare/${token}`);
    await h.call('GET', `/business/v1/whiteboardShare/${token}/document?x=1`);
    const log = lines.join('');
    expect(log).toContain('/business/v1/whiteboardShare/[redacted]"');
    expect(log).toContain('/business/v1/whiteboardShare/[redacted]/document?x=1');
    expect(log).not.toContain(token);
    expect(redactUrl('/business/v1/WhiteboardShare/abc')).toBe('/business/v1/WhiteboardShare/[redacted]');
    expect(redactUrl('/business/v1/whiteboardShareX/abc')).toBe('/business/v1/whiteboardShareX/abc');
  });
});
