// Debian's nginx with deploy/nginx.conf, as a plain foreground process: the deploy file is rendered
// with loopback addresses (its upstream servers and listen port replaced, nothing else), wrapped in a
// main configuration whose paths all live in a temporary prefix. The rendered file also names the
// instance that answered each request (`X-DS-Upstream`), for the tests; the deploy file does not.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../build-steps.mjs';

export const NGINX = process.env.NGINX || '/usr/sbin/nginx';
export const DEPLOY_NGINX_CONF = join(root, 'deploy/nginx.conf');

/**
 * deploy/nginx.conf with `upstreams` (host:port) as its servers and `listen` as its address; `extra`
 * (nginx text) is added to its server block (the benchmark's bare-upload route).
 */
export function renderSiteConf(upstreams, listen, extra = '') {
  const text = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const lines = text.split('\n');
  const servers = lines.filter((l) => /^\s*server app\d+:\d+/.test(l));
  if (servers.length === 0) throw new Error('deploy/nginx.conf has no "server appN:PORT" lines in its upstream');
  const options = servers[0].replace(/^\s*server \S+/, '').replace(/;\s*$/, '');
  const out = [];
  for (const line of lines) {
    if (line === servers[0]) for (const u of upstreams) out.push(`    server ${u}${options};`);
    else if (servers.includes(line)) continue;
    else if (/^\s*listen 80;/.test(line)) out.push(`    listen ${listen};`, '    add_header X-DS-Upstream $upstream_addr always;', extra);
    else out.push(line);
  }
  return out.join('\n');
}

function mainConf(prefix, site) {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr error;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${prefix}/tmp/body;
    proxy_temp_path ${prefix}/tmp/proxy;
    fastcgi_temp_path ${prefix}/tmp/fastcgi;
    uwsgi_temp_path ${prefix}/tmp/uwsgi;
    scgi_temp_path ${prefix}/tmp/scgi;
${site}
}
`;
}

/**
 * Starts nginx in front of `upstreams` on 127.0.0.1:`port`; resolves `{ base, stop(), output() }`
 * once it answers (any status) on that port.
 */
export async function startNginx({ upstreams, port, extra }) {
  const prefix = mkdtempSync(join(tmpdir(), 'ds-cluster-nginx-'));
  // The worker runs as nobody when started by root: it must reach its temporary folders.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'tmp'), { mode: 0o777 });
  chmodSync(join(prefix, 'tmp'), 0o777);
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, mainConf(prefix, renderSiteConf(upstreams, `127.0.0.1:${port}`, extra)));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('close', r));
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${base}/healthz/live`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${base}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    base,
    conf,
    output: () => output,
    async stop() {
      process.off('exit', killNow);
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
