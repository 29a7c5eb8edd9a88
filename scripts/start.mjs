// `npm start`: build what is missing or stale, then run the reference server, which serves the portal
// at `/`, the API beside it and the standalone element bundle at `/elements/ds-elements.js`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { targets, isStale, runTarget, root } from './build-steps.mjs';

const stale = targets.filter((target) => isStale(target));
if (stale.length > 0) {
  console.log('首次启动（或代码更新后）先构建门户和服务器，约 30 秒 / building the portal and server first (about 30 s on the first start)…');
}
for (const target of stale) runTarget(target);

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
