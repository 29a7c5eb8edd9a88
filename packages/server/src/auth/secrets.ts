/**
 * The server secret signs deploy-login tickets and derives rotated tokens. DEPLOY_SECRET wins when
 * set; otherwise one random secret is created in DATA_DIR (mode 0600) and reused across restarts.
 * Another secret of the same kind (the single sign-on tickets' key) names its own file.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadServerSecret(options: { secret?: string | undefined; dataDir?: string; file?: string }): string {
  if (options.secret) return options.secret;
  if (!options.dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, options.file ?? 'server-secret');
  return readOrCreate(file, () => `${randomBytes(32).toString('base64url')}\n`).trim();
}

/**
 * The content of `file`, which is created (mode 0600) from `make()` when it is missing. Safe when several
 * servers sharing one DATA_DIR start at the same moment: the content is written aside and linked into
 * place, so the file appears whole or not at all, and a server that finds it made meanwhile by another
 * takes that one. Every server then holds the same secret or key.
 */
export function readOrCreate(file: string, make: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(path.dirname(file), { recursive: true });
  const content = make();
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
  writeFileSync(aside, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
