/**
 * The server secret signs deploy-login tickets and derives rotated tokens. DEPLOY_SECRET wins when
 * set; otherwise one random secret is created in DATA_DIR (mode 0600) and reused across restarts.
 * Another secret of the same kind (the single sign-on tickets' key) names its own file.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadServerSecret(options: { secret?: string | undefined; dataDir?: string; file?: string }): string {
  if (options.secret) return options.secret;
  if (!options.dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, options.file ?? 'server-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
