/**
 * `node packages/server/dist/main.js`: the reference server from environment variables
 * (docs/contracts.md). Stops cleanly on SIGINT/SIGTERM: in-flight requests end, the database closes
 * and the data-folder lock is released.
 */
import { buildApp } from './app.js';
import { LockHeldError } from './db/lock.js';
import { settingsFromEnv } from './settings.js';

async function main(): Promise<void> {
  const settings = settingsFromEnv();
  const app = await buildApp({ settings });
  const address = await app.listen({ port: settings.port, host: settings.host });
  const port = new URL(address).port;
  const shownHost = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  console.log(`DS cloud school listening on http://${shownHost}:${port}`);
  if (settings.seedDemo) {
    console.log(
      `演示账号 teacher / student / parent / admin / researcher / auditor，密码 ${settings.demoPassword}` +
        ` (demo password; set DEMO_PASSWORD before the first start to change it)`,
    );
  }

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('关闭服务器时出错 / error while closing:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof LockHeldError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('服务器启动失败 / server failed to start:', err);
  process.exit(1);
});
