/**
 * `node packages/server/dist/main.js`: the reference server from environment variables
 * (docs/contracts.md). Stops cleanly on SIGINT/SIGTERM in bounded time (shutdown.ts): in-flight
 * requests end, the database closes and the data-folder lock is released.
 */
import { DEMO_ACCOUNTS } from './users/demoSeed.js';
import path from 'node:path';
import { buildApp } from './app.js';
import { installGracefulShutdown } from './shutdown.js';
import { LockHeldError } from './db/lock.js';
import { ClusterSettingsError } from './clusterRules.js';
import { settingsFromEnv } from './settings.js';

async function main(): Promise<void> {
  const settings = settingsFromEnv();
  // In-flight requests may finish when the server stops (shutdown.ts bounds how long).
  const app = await buildApp({ settings, forceCloseConnections: 'idle' });
  const address = await app.listen({ port: settings.port, host: settings.host });
  const port = new URL(address).port;
  // A wildcard address is not one a browser can open: this machine's own name is shown instead.
  const wildcard = settings.host === '0.0.0.0' || settings.host === '::';
  const shownHost = wildcard ? 'localhost' : settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  console.log(`DS cloud school listening on http://${shownHost}:${port}`);
  if (wildcard) console.log(`（所有网卡均可访问 / on every network interface: other machines use this machine's address, port ${port}）`);
  if (settings.seedDemo) {
    console.log(
      `演示账号 ${DEMO_ACCOUNTS.map((a) => a.username).join(' / ')}，密码 ${settings.demoPassword}` +
        ` (demo password; set DEMO_PASSWORD before the first start to change it)`,
    );
  }

  installGracefulShutdown(app, { graceMs: settings.limits.shutdownGraceMs, lockPath: path.join(settings.dataDir, 'server.lock') });
}

main().catch((err: unknown) => {
  if (err instanceof LockHeldError || err instanceof ClusterSettingsError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('服务器启动失败 / server failed to start:', err);
  process.exit(1);
});
