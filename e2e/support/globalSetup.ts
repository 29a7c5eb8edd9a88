/**
 * Builds what is missing or stale (the same targets as `npm start`), starts the real server with its own
 * data on a free port, and a second, unrelated static server that plays a bureau's site on another
 * origin (it embeds the element bundle from the platform with one script tag).
 */
import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM scripts of the repository, no type declarations
import { targets, isStale, runTarget } from '../../scripts/build-steps.mjs';
// @ts-expect-error plain ESM scripts of the repository, no type declarations
import { freePort, startReferenceServer } from '../../scripts/reference-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    bureauUrl: string;
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

/**
 * A bureau's lesson-preparation page: `/tool.html?tool=<toolId>` embeds `<ds-tool-editor>`; the test
 * hands the element a token (a property, never an attribute) and reads the saved resource id.
 */
function bureauToolPage(apiBase: string, tool: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 备课</title>
<script type="module" src="${apiBase}/elements/ds-elements.js"></script></head>
<body>
<main><h1>备课工具</h1><ds-tool-editor tool="${tool.replace(/[^A-Za-z_]/g, '')}"></ds-tool-editor></main>
<script>
document.addEventListener('ds-tool-save', (e) => { document.body.dataset.saved = e.detail.resourceId; });
document.addEventListener('ds-tool-error', (e) => { document.body.dataset.error = e.detail.message; });
</script>
</body>
</html>`;
}

function startBureauSite(port: number, apiBase: string): Promise<Server> {
  const site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bureau.invalid');
    const page =
      url.pathname === '/login.html'
        ? bureauLoginPage(apiBase)
        : url.pathname === '/player.html'
          ? bureauPlayerPage(apiBase, url.searchParams.get('lesson') ?? '')
          : url.pathname === '/activities.html'
            ? bureauActivitiesPage(apiBase, url.searchParams.get('size') ?? '', url.searchParams.has('portal'))
            : url.pathname === '/tool.html'
              ? bureauToolPage(apiBase, url.searchParams.get('tool') ?? '')
              : null;
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? '<!doctype html><title>未找到</title><p>未找到</p>');
  });
  return new Promise((resolve) => site.listen(port, '127.0.0.1', () => resolve(site)));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const target of targets as Target[]) if (isStale(target)) runTarget(target);

  const bureauPort: number = await freePort();
  const bureauUrl = `http://127.0.0.1:${bureauPort}`;
  const server = await startReferenceServer({ allowedOrigins: [bureauUrl], stdio: 'inherit' });
  const site = await startBureauSite(bureauPort, server.apiBase);
  console.log(`[e2e] server ready at ${server.apiBase}; bureau site at ${bureauUrl}`);
  project.provide('baseUrl', server.apiBase);
  project.provide('bureauUrl', bureauUrl);

  return async () => {
    await new Promise((r) => site.close(r));
    await server.stop();
  };
}
