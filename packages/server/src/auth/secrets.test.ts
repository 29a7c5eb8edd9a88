import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRsaKeys } from './rsaKeys.js';
import { loadServerSecret, readOrCreate } from './secrets.js';

const folder = () => mkdtempSync(path.join(tmpdir(), 'ds-secrets-'));

describe('secrets kept in DATA_DIR', () => {
  it('creates a secret once, private to the server, and gives the same one on the next start', () => {
    const dataDir = folder();
    const first = loadServerSecret({ dataDir, file: 'sso-ticket-secret' });
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(statSync(path.join(dataDir, 'sso-ticket-secret')).mode & 0o777).toBe(0o600);
    expect(loadServerSecret({ dataDir, file: 'sso-ticket-secret' })).toBe(first);
    expect(loadServerSecret({ dataDir, file: 'sso-ticket-secret', secret: 'from-the-environment' })).toBe('from-the-environment');
  });

  it('takes the secret another server sharing the folder created meanwhile, and leaves nothing aside', () => {
    const dataDir = folder();
    const file = path.join(dataDir, 'sso-ticket-secret');
    // Another server starting at the same moment writes the file while this one is making its own.
    const got = readOrCreate(file, () => {
      writeFileSync(file, 'theirs\n');
      return 'mine\n';
    });
    expect(got).toBe('theirs\n');
    expect(readFileSync(file, 'utf8')).toBe('theirs\n');
    expect(readdirSync(dataDir)).toEqual(['sso-ticket-secret']);
  });

  it('gives two servers sharing the folder the same RSA key', () => {
    const dataDir = folder();
    const one = loadRsaKeys({ dataDir });
    const two = loadRsaKeys({ dataDir });
    expect(two.publicKeyPem).toBe(one.publicKeyPem);
    expect(statSync(path.join(dataDir, 'rsa-private.pem')).mode & 0o777).toBe(0o600);
  });
});
