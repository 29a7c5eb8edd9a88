/**
 * deploy/ (Dockerfile, compose.yaml, nginx.conf) cannot run here (no container engine), so they are
 * read and checked against what the server really reads and enforces: the variables it knows, the
 * cluster rules it applies at start-up, its body limits and timeouts, its health routes and port. The
 * cluster test (scripts/cluster-test.mjs) runs the same nginx.conf in front of real instances.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkClusterSettings } from '../src/clusterRules.js';
import { fileConfig } from '../src/files/fileConfig.js';
import { fileSettingsOf } from '../src/files/fileSettings.js';
import { JSON_BODY_LIMIT } from '../src/http/bodyParsing.js';
import { settingsFromEnv } from '../src/settings.js';
import { MAX_IMPORT_BYTES } from '../src/teachers/teacherExcel.js';
import { all, bytesOf, msOf, one, parseNginx, type Directive } from './nginxConf.js';

const root = path.resolve(import.meta.dirname, '../../..');
const deploy = (file: string) => readFileSync(path.join(root, 'deploy', file), 'utf8');
const compose = parseYaml(deploy('compose.yaml'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; volumes?: string[]; healthcheck?: { test: string[] }; stop_grace_period?: string; networks?: unknown; image?: string }>;
  networks: { ds: { ipam: { config: Array<{ subnet: string }> } } };
};
const apps = Object.entries(compose.services).filter(([name]) => /^app\d+$/.test(name));
/** One instance's environment with the compose file's `${VAR:?…}` placeholders given values. */
const appEnv = (index = 0): Record<string, string> =>
  Object.fromEntries(Object.entries(apps[index]![1].environment ?? {}).map(([k, v]) => [k, String(v).replace(/\$\{[^}]+\}/g, 'x')]));
const nginx = parseNginx(deploy('nginx.conf'));
const upstream = nginx.find((d) => d.name === 'upstream')!.block!;
const server = nginx.find((d) => d.name === 'server')!.block!;
const location = (where: string): Directive[] => server.find((d) => d.name === 'location' && d.args.join(' ') === where)!.block!;
const settings = settingsFromEnv(appEnv());

/** Every name the server reads from `process.env`/`env` anywhere in its sources. */
function envNamesTheServerReads(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|(?:Int|seconds)\(\s*'([A-Z][A-Z0-9_]+)'/g)) names.add((m[1] ?? m[2] ?? m[3])!);
        for (const m of text.matchAll(/`UPLOAD_QUOTA_\$\{/g)) names.add(m[0]);
      }
    }
  };
  walk(path.resolve(import.meta.dirname, '../src'));
  return names;
}

describe('deploy/compose.yaml', () => {
  it('runs as many identical instances as INSTANCES says, all with the same environment', () => {
    expect(apps.length).toBe(3);
    for (const [, app] of apps) {
      expect(app.environment).toEqual(apps[0]![1].environment);
      expect(Number(app.environment!.INSTANCES)).toBe(apps.length);
    }
  });

  it('sets only variables the server reads', () => {
    const known = envNamesTheServerReads();
    expect(known.has('DATABASE_URL') && known.has('S3_ENDPOINT') && known.has('UPLOAD_CHUNK_SIZE_MB')).toBe(true);
    const unknown = Object.keys(appEnv()).filter((name) => !known.has(name));
    expect(unknown).toEqual([]);
  });

  it('passes the cluster rules the server checks at start-up, with S3 storage for finished files', () => {
    expect(() => checkClusterSettings(settings)).not.toThrow();
    expect(settings.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(fileSettingsOf(settings, appEnv()).s3).toMatchObject({ bucket: 'dscloud-files', forcePathStyle: true });
    // Without the shared-folder statement the same environment is refused.
    expect(() => checkClusterSettings({ ...settings, dataDirShared: false })).toThrow(/DATA_DIR_SHARED=1/);
  });

  it('mounts one shared volume at DATA_DIR on every instance', () => {
    const mounts = apps.map(([, app]) => app.volumes!.find((v) => v.endsWith(`:${settings.dataDir}`)));
    expect(mounts.every((m) => m && !m.startsWith('.') && !m.startsWith('/'))).toBe(true); // a named volume
    expect(new Set(mounts).size).toBe(1);
  });

  it("trusts forwarded headers from nginx's address only, and lets nginx limit connections per client", () => {
    const nginxIp = (compose.services.nginx!.networks as { ds: { ipv4_address: string } }).ds.ipv4_address;
    expect(settings.trustProxy).toBe(nginxIp);
    expect(nginxIp.startsWith(compose.networks.ds.ipam.config[0]!.subnet.replace(/0\/\d+$/, ''))).toBe(true);
    expect(settings.limits.maxConnectionsPerIp).toBe(0);
  });

  it('probes readiness on the port the server listens on, and stops it in time for its shutdown grace', () => {
    const probe = apps[0]![1].healthcheck!.test.join(' ');
    expect(probe).toContain(`http://127.0.0.1:${settings.port}/healthz/ready`);
    const grace = Number(/^(\d+)s$/.exec(apps[0]![1].stop_grace_period!)![1]) * 1000;
    expect(grace).toBeGreaterThan(settings.limits.shutdownGraceMs + 5_000);
    expect(compose.services.postgres!.image).toMatch(/^postgres:15/);
  });
});

describe('deploy/nginx.conf', () => {
  it('balances round-robin, without sticky sessions, over the instances of the compose file on their port', () => {
    const servers = all(upstream, 'server').map((d) => d.args[0]);
    expect(servers).toEqual(apps.map(([name]) => `${name}:${settings.port}`));
    for (const sticky of ['ip_hash', 'hash', 'sticky', 'least_conn', 'random']) expect(all(upstream, sticky)).toEqual([]);
    const name = nginx.find((d) => d.name === 'upstream')!.args[0];
    for (const loc of all(server, 'location')) expect(one(loc.block!, 'proxy_pass')).toEqual([`http://${name}`]);
  });

  it('lets through the largest body each route accepts and no more', () => {
    const chunkMax = fileSettingsOf(settings, appEnv()).chunkSize;
    const chunkLimit = bytesOf(one(location('= /api/file/v1/file/block'), 'client_max_body_size')[0]!);
    // The chunk plus its form fields and boundaries (a few hundred bytes), not a whole extra chunk.
    expect(chunkLimit).toBeGreaterThanOrEqual(chunkMax + 64 * 1024);
    expect(chunkLimit).toBeLessThanOrEqual(chunkMax + 2 * 1024 * 1024);
    const wholeFile = bytesOf(one(location('= /file/v1/obs/upload'), 'client_max_body_size')[0]!);
    expect(wholeFile).toBeGreaterThan(fileConfig().uploadMaxSize * 1024 * 1024);
    expect(wholeFile).toBeLessThanOrEqual((fileConfig().uploadMaxSize + 1) * 1024 * 1024);
    expect(bytesOf(one(server, 'client_max_body_size')[0]!)).toBe(Math.max(JSON_BODY_LIMIT, MAX_IMPORT_BYTES));
    // The upload routes exist on the server under these exact paths.
    const routes = readFileSync(path.resolve(import.meta.dirname, '../src/files/uploadRoutes.ts'), 'utf8') + readFileSync(path.resolve(import.meta.dirname, '../src/files/objectStoreRoutes.ts'), 'utf8');
    expect(routes).toContain("'/api/file/v1/file/block'");
    expect(routes).toContain("'/file/v1/obs/upload'");
  });

  it('streams upload bodies to the instances instead of buffering them on the balancer', () => {
    for (const where of ['= /api/file/v1/file/block', '= /file/v1/obs/upload']) expect(one(location(where), 'proxy_request_buffering')).toEqual(['off']);
  });

  it("waits longer than the server's own timeouts, and closes idle upstream connections before the server does", () => {
    expect(msOf(one(server, 'proxy_read_timeout')[0]!)).toBeGreaterThan(settings.limits.requestTimeoutMs);
    expect(msOf(one(location('= /api/file/v1/file/block'), 'proxy_read_timeout')[0]!)).toBeGreaterThan(settings.limits.uploadTimeoutMs);
    expect(msOf(one(upstream, 'keepalive_timeout')[0]!)).toBeLessThan(settings.limits.keepAliveTimeoutMs);
    expect(one(server, 'proxy_http_version')).toEqual(['1.1']);
  });

  it('forwards the client address and scheme the server reads with TRUST_PROXY', () => {
    const headers = Object.fromEntries(all(server, 'proxy_set_header').map((d) => [d.args[0]!.toLowerCase(), d.args[1]]));
    expect(headers['x-forwarded-for']).toBe('$proxy_add_x_forwarded_for');
    expect(headers['x-forwarded-proto']).toBe('$scheme');
    expect(headers.host).toBe('$host');
  });

  it('takes a failing instance out and retries only what is safe to repeat', () => {
    const next = one(server, 'proxy_next_upstream');
    expect(next).toEqual(expect.arrayContaining(['error', 'timeout', 'http_502', 'http_503']));
    expect(next).not.toContain('non_idempotent');
    for (const s of all(upstream, 'server')) expect(s.args.some((a) => a.startsWith('max_fails='))).toBe(true);
  });

  it.skipIf(!existsSync('/usr/sbin/nginx'))('is accepted by nginx itself (nginx -t) as the cluster test renders it', async () => {
    // @ts-expect-error plain ESM script of the repository, no type declarations
    const { renderSiteConf } = await import('../../../scripts/cluster/nginx.mjs');
    const dir = mkdtempSync(path.join(tmpdir(), 'ds-nginx-t-'));
    try {
      const site = renderSiteConf(['127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3'], '127.0.0.1:9');
      writeFileSync(path.join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\naccess_log off;\nclient_body_temp_path ${dir};\nproxy_temp_path ${dir};\n${site}\n}\n`);
      const r = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(r.stderr).toContain('syntax is ok');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/Dockerfile', () => {
  const docker = deploy('Dockerfile');
  const stages = [...docker.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!);
  it('builds in stages on Node 22 LTS and runs the built server as a user without privileges', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toMatch(/^node:22[-.]/);
    const user = [...docker.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]!);
    expect(user.at(-1)).not.toMatch(/^(root|0)$/);
    expect(docker.lastIndexOf('USER ')).toBeGreaterThan(docker.lastIndexOf('FROM '));
    expect(docker).toMatch(/CMD \["node", "packages\/server\/dist\/main\.js"\]/);
    expect(readFileSync(path.resolve(import.meta.dirname, '../build.mjs'), 'utf8')).toContain("'dist/main.js'");
  });

  it('exposes the port the server listens on and probes its liveness route', () => {
    const env = Object.fromEntries([...docker.matchAll(/^\s+(\w+)=(\S+?)\s*\\?$/gm)].map((m) => [m[1], m[2]]));
    expect(docker).toMatch(new RegExp(`^EXPOSE ${settingsFromEnv(env).port}$`, 'm'));
    expect(docker).toContain('/healthz/live');
    expect(readFileSync(path.resolve(import.meta.dirname, '../src/http/healthRoutes.ts'), 'utf8')).toContain("'/healthz/live'");
  });
});
