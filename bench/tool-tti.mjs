// Time to interactive of each <ds-tool-editor> tool in headless Chromium: from navigation to the
// editor's `data-ready` (toolbar drawn, platform core and the tool's lazy part loaded, tool mounted),
// a new document, cold cache each run; median and spread (min–max) of `runs` (5, at least 3) runs per
// tool. Numbers, not pass/fail (no baseline). Needs a build (`node scripts/build.mjs`).
//   node bench/tool-tti.mjs [runs] [tool …]   (every tool when none is named)
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { createServer } from 'node:http';
import { freePort, startReferenceServer } from '../scripts/reference-server.mjs';
import { formatSpread, saveResults, spread } from './results.mjs';

const ALL = ['mindMap', 'ELECTRONIC_COURSE', 'gameTemplate', 'whiteboard', 'PINYIN', 'FLTG', 'FUNCTION'];
const runs = Math.max(3, Number(process.argv[2] ?? 5));
const named = process.argv.slice(3);
const TOOLS = named.length ? ALL.filter((t) => named.includes(t)) : ALL;

// A plain page on its own origin, as a bureau's site embeds the element.
const port = await freePort();
const pageOrigin = `http://127.0.0.1:${port}`;
const server = await startReferenceServer({ allowedOrigins: [pageOrigin] });
const site = createServer((req, res) => {
  const tool = new URL(req.url ?? '/', pageOrigin).searchParams.get('tool')?.replace(/[^A-Za-z_]/g, '') ?? '';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><script type="module" src="${server.apiBase}/elements/ds-elements.js"></script></head><body><ds-tool-editor tool="${tool}"></ds-tool-editor></body></html>`);
});
await new Promise((resolve) => site.listen(port, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  console.log(`<ds-tool-editor> time to interactive, new document, cold cache, median (min–max) of ${runs} runs (ms)`);
  const figures = [];
  for (const tool of TOOLS) {
    const times = [];
    let state = '';
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const start = Date.now();
      await page.goto(`${pageOrigin}/?tool=${tool}`, { waitUntil: 'commit' });
      const result = await page
        .waitForFunction(
          () => {
            const root = document.querySelector('ds-tool-editor')?.shadowRoot;
            if (root?.querySelector('.ds-tool-editor[data-ready]')) return 'ready';
            if (root?.querySelector('[part="unavailable"]')) return 'unavailable';
            return null;
          },
          undefined,
          { timeout: 30_000 },
        )
        .then((h) => h.jsonValue())
        // A tool that never gets ready is a finding, not the end of the run.
        .catch(() => 'timeout');
      times.push(Date.now() - start);
      state = result;
      await context.close();
    }
    const s = spread(times);
    figures.push({ tool, state, ms: s });
    const shown = state === 'ready' ? formatSpread(s).padStart(20) : state === 'timeout' ? '  not ready within 30 s' : '  not in this build (该工具暂不可用)';
    console.log(`  ${tool.padEnd(20)} ${shown}`);
  }
  saveResults('tool-tti', { runs, tools: figures });
} finally {
  await browser.close();
  await server.stop();
  site.close();
}
