/**
 * Builds what is missing or stale (the same targets as `npm start`), starts the real server with its own
 * data on a free port, and a second, unrelated static server that plays a bureau's site on another
 * origin (it embeds the element bundle from the platform with one script tag).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers.js';
// @ts-expect-error plain ESM scripts of the repository, no type declarations
import { targets, isStale, runTarget } from '../../scripts/build-steps.mjs';
// @ts-expect-error plain ESM scripts of the repository, no type declarations
import { startReferenceServer } from '../../scripts/reference-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One platform server and its bureau site per e2e worker (e2e/support/servers.ts). */
    servers: Array<{ baseUrl: string; bureauUrl: string }>;
  }
}

interface Target {
  name: string;
  output: string;
}

/**
 * The bureau's page: one script tag from the platform, one element, no api-base (it defaults to the
 * origin the script came from); the page records the element's events so the test can read them.
 */
function bureauLoginPage(apiBase: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 教师登录</title>
<script type="module" src="${apiBase}/elements/ds-elements.js"></script></head>
<body>
<main><h1>区教育局教师登录</h1><ds-login></ds-login></main>
<script>
document.addEventListener('ds-login-success', (e) => { document.body.dataset.token = e.detail.token; document.body.dataset.expire = e.detail.expire; });
document.addEventListener('ds-login-failure', (e) => { document.body.dataset.failure = e.detail.code; });
</script>
</body>
</html>`;
}

/** A bureau's lesson page: `/player.html?lesson=<lessonId>` embeds `<ds-lesson-player>` for that lesson. */
function bureauPlayerPage(apiBase: string, lessonId: string): string {
  const id = lessonId.replace(/[^A-Za-z0-9_-]/g, '');
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 名师课堂</title>
<script type="module" src="${apiBase}/elements/ds-elements.js"></script></head>
<body>
<main><h1>名师课堂</h1><ds-lesson-player lesson-id="${id}"></ds-lesson-player></main>
<script>
document.addEventListener('ds-player-play', () => { document.body.dataset.played = 'yes'; });
</script>
</body>
</html>`;
}

/**
 * A bureau's activity page: `/activities.html?size=<page-size>` embeds `<ds-activity-list>`; with
 * `&portal=1` the cards link to the platform's portal, otherwise the page hears `ds-activity-select`.
 */
function bureauActivitiesPage(apiBase: string, pageSize: string, portal: boolean): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 资源征集</title>
<script type="module" src="${apiBase}/elements/ds-elements.js"></script></head>
<body>
<main><h1>资源征集活动</h1><ds-activity-list page-size="${pageSize.replace(/\D/g, '') || '4'}"${portal ? ` portal-url="${apiBase}/"` : ''}></ds-activity-list></main>
<script>
document.addEventListener('ds-activity-select', (e) => { document.body.dataset.selected = e.detail.activityId; document.body.dataset.selectedName = e.detail.activity.name; });
</script>
</body>
</html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The bureau's smart growth site, as docs/sso.md tells such a site to work: its server takes the
 * `ticket` of the address, checks it once with the platform's `checkToken` (naming itself as the
 * service), and shows whom it let in — or the platform's reason for refusing.
 */
async function ssoLandingPage(apiBase: string, service: string, ticket: string): Promise<string> {
  const check = new URL('/cas/sz/checkToken', apiBase);
  check.search = new URLSearchParams({ ticket, service }).toString();
  const answer = (await (await fetch(check)).json()) as { status: number; message: string; data: { userId?: string; name?: string; role?: string } | null };
  const body =
    answer.status === 200 && answer.data
      ? `<p data-sso="ok">欢迎，${escapeHtml(answer.data.name ?? '')}（${escapeHtml(answer.data.role ?? '')}，${escapeHtml(answer.data.userId ?? '')}）</p>`
      : `<p data-sso="refused" data-code="${answer.status}">${escapeHtml(answer.message)}</p>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>智慧成长</title></head><body><main><h1>智慧成长</h1>${body}</main></body></html>`;
}

/**
 * A device shell's host page (docs/device.md), played by a page: it frames the portal and answers the
 * portal's bridge messages from that exact origin only. `?token=` is the login the shell holds,
 * `?fail=1` makes it fail to hand one over; calls are recorded on `<body data-calls>`, an opened address
 * on `data-opened`, a download on `data-download` (answered only when the test calls `releaseDownload()`).
 */
function fakeShellPage(apiBase: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>移动端外壳（测试）</title></head>
<body style="margin:0">
<iframe id="app" title="云课堂" style="width:1280px;height:760px;border:0"></iframe>
<script>
const APP = new URL(${JSON.stringify(apiBase)}).origin;
const params = new URLSearchParams(location.search);
const frame = document.getElementById('app');
frame.src = APP + '/#' + (params.get('route') || '/learn');
const calls = [];
window.addEventListener('message', (event) => {
  const m = event.data;
  if (event.origin !== APP || event.source !== frame.contentWindow || !m || m.tag !== 'ds-device-bridge') return;
  const reply = (answer) => event.source.postMessage(Object.assign({ tag: 'ds-device-bridge', v: 1, id: m.id }, answer), APP);
  calls.push(m.type === 'hello' ? 'hello' : m.method);
  document.body.dataset.calls = calls.join(',');
  if (m.type === 'hello') return reply({ type: 'ready', appConfig: { withLogin: false, systemType: 'ideallecture', deviceType: 'android', cloudType: 'city' } });
  const ok = (result) => reply({ type: 'result', ok: true, result });
  switch (m.method) {
    case 'getToken':
      if (params.has('fail')) return reply({ type: 'result', ok: false, error: { message: '令牌服务不可用' } });
      return ok(params.get('token') ? { token: params.get('token'), expire: 7200 } : null);
    case 'openUrl':
      document.body.dataset.opened = m.params.url;
      return ok();
    case 'downloadFile':
      document.body.dataset.download = m.params.fileName;
      window.releaseDownload = () => ok();
      return;
    default:
      return ok();
  }
});
</script>
</body>
</html>`;
}

/**
 * A bureau's service page: `/help.html` embeds `<ds-login>` and `<ds-help-widget>` (they share the
 * platform session of the page); the page records the widget's events.
 */
function bureauHelpPage(apiBase: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 服务大厅</title>
<script type="module" src="${apiBase}/elements/ds-elements.js"></script></head>
<body>
<main><h1>服务大厅</h1><ds-login></ds-login></main>
<ds-help-widget></ds-help-widget>
<script>
document.addEventListener('ds-login-success', (e) => { document.body.dataset.token = e.detail.token; });
document.addEventListener('ds-help-login', (e) => { document.body.dataset.loginAsked = e.detail.returnUrl; });
document.addEventListener('ds-feedback-sent', (e) => { document.body.dataset.feedbackId = e.detail.id; });
</script>
</body>
</html>`;
}

/**
 * A bureau's lesson-preparation page: `/tool.html?tool=<toolId>[&id=<resourceId>]` embeds `<ds-tool-editor>`; the test
 * hands the element a token (a property, never an attribute) and reads the saved resource id.
 */
function bureauToolPage(apiBase: string, tool: string, id: string): string {
  const resource = id ? ` resource-id="${id.replace(/[^A-Za-z0-9_-]/g, '')}"` : '';
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 备课</title>
<script type="module" src="${apiBase}/elements/ds-elements.js"></script></head>
<body>
<main><h1>备课工具</h1><ds-tool-editor tool="${tool.replace(/[^A-Za-z_]/g, '')}"${resource}></ds-tool-editor></main>
<script>
document.addEventListener('ds-tool-save', (e) => { document.body.dataset.saved = e.detail.resourceId; });
document.addEventListener('ds-tool-error', (e) => { document.body.dataset.error = e.detail.message; });
</script>
</body>
</html>`;
}

/**
 * The bureau site on a port of its own choosing (listening on port 0: a port picked first and bound
 * later could be taken meanwhile by another suite's server, which once failed the whole suite with
 * EADDRINUSE). It serves once told the platform's address (`serve`), which needs the site's own.
 */
async function startBureauSite(): Promise<{ site: Server; port: number; serve(apiBase: string): void }> {
  let apiBase = '';
  let port = 0;
  const site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bureau.invalid');
    if (url.pathname === '/sso/growth.html') {
      void ssoLandingPage(apiBase, `http://127.0.0.1:${port}${url.pathname}`, url.searchParams.get('ticket') ?? '').then((html) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html);
      });
      return;
    }
    const page =
      url.pathname === '/login.html'
        ? bureauLoginPage(apiBase)
        : url.pathname === '/player.html'
          ? bureauPlayerPage(apiBase, url.searchParams.get('lesson') ?? '')
          : url.pathname === '/shell.html'
            ? fakeShellPage(apiBase)
          : url.pathname === '/activities.html'
            ? bureauActivitiesPage(apiBase, url.searchParams.get('size') ?? '', url.searchParams.has('portal'))
            : url.pathname === '/help.html'
              ? bureauHelpPage(apiBase)
            : url.pathname === '/tool.html'
              ? bureauToolPage(apiBase, url.searchParams.get('tool') ?? '', url.searchParams.get('id') ?? '')
              : null;
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? '<!doctype html><title>未找到</title><p>未找到</p>');
  });
  await new Promise<void>((resolve, reject) => {
    site.once('error', reject);
    site.listen(0, '127.0.0.1', () => resolve());
  });
  port = (site.address() as AddressInfo).port;
  return { site, port, serve: (base) => (apiBase = base) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const target of targets as Target[]) if (isStale(target)) runTarget(target);

  // One platform server (own data) and one bureau site per worker: a test file only ever sees its
  // worker's pair, so files that run side by side never share a database (e2e/vitest.config.ts).
  const pairs = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async () => {
      const bureau = await startBureauSite();
      const bureauUrl = `http://127.0.0.1:${bureau.port}`;
      // The bureau site also plays a device shell's host page, which may frame the portal. ffmpeg at
      // the web requests' priority (TRANSCODE_NICENESS=0): beside the other suites, a video journey's
      // encode at the default niceness 10 got a few percent of the machine and outlasted its wait.
      const server = await startReferenceServer({ allowedOrigins: [bureauUrl], env: { SHELL_ORIGINS: bureauUrl, TRANSCODE_NICENESS: '0' }, stdio: 'inherit' });
      bureau.serve(server.apiBase);
      const { site } = bureau;
      console.log(`[e2e] server ready at ${server.apiBase}; bureau site at ${bureauUrl}`);
      return { server, site, bureauUrl };
    }),
  );
  project.provide(
    'servers',
    pairs.map((p) => ({ baseUrl: p.server.apiBase as string, bureauUrl: p.bureauUrl })),
  );

  return async () => {
    await Promise.all(
      pairs.map(async ({ site, server }) => {
        await new Promise((r) => site.close(r));
        await server.stop();
      }),
    );
  };
}
