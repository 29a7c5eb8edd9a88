/**
 * No element's style reaches the page around it. A bureau's plain page loads every element bundle and
 * shows every element; a React site renders every component of the React-peer build (no shadow root:
 * each component's stylesheet goes into the page's <head>, as in the portal). Before and after, the
 * page's own elements keep every computed style: the body, plain buttons and fields, and elements
 * that carry the class names the elements' stylesheets use (`.ds-help`, `.ds-dialog`, `.fg`…).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { bureauUrl } from './support/servers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ELEMENTS_SRC = `${ROOT}packages/elements/src/`;

/**
 * The class names of the components' roots and of the libraries they draw with: a page may well have
 * a `.ds-help` of its own (the portal's help centre had).
 */
const ROOT_CLASSES = ['ds-help', 'ds-login', 'ds-uploader', 'ds-player', 'ds-activities', 'ds-tool-editor', 'ds-theme', 'fg', 'py', 'fl', 'gt', 'wb', 'ds-mind-map', 'ds-node-picker', 'plyr', 'map-container'];

/** Those, and every class name in the elements' stylesheets (the ones a page is most likely to share by accident). */
function elementClasses(): string[] {
  const classes = new Set<string>(ROOT_CLASSES);
  for (const file of readdirSync(ELEMENTS_SRC, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.css')) continue;
    const css = readFileSync(ELEMENTS_SRC + file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, prelude] of css.matchAll(/([^{}]+)\{[^{}]*\}/g)) {
      for (const [, name] of prelude!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(name!);
    }
  }
  return [...classes].sort();
}

/** What each of the page's own elements holds: the kinds of content the elements' rules name. */
const CONTENT =
  '<p>段落</p><span>文字</span><button type="button">按钮</button><a href="#">链接</a><input><input type="file"><input type="checkbox">' +
  '<textarea></textarea><select><option>一</option></select><ul><li>项</li></ul><ol><li>项</li></ol><dl><dt>名</dt><dd>值</dd></dl>' +
  '<h2>标题</h2><h3>小标题</h3><fieldset><legend>组</legend><label>标签</label></fieldset><time>12:00</time><div role="toolbar">工具</div>';

/** A bureau's page of its own: a few plain elements, then one element per class name, all above the part the test fills. */
function hostPage(classes: string[], head = ''): string {
  const probes = classes.map((name) => `<div class="${name}" data-probe="${name}">${CONTENT}</div>`).join('\n');
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>区教育局 · 样式</title>
<style>html { overflow-y: scroll; } #elements { height: 600px; overflow: auto; contain: strict; }</style>
${head}</head>
<body>
<main><h1>区教育局</h1><div data-probe="page">${CONTENT}</div><div class="${classes.join(' ')}" data-probe="every class">${CONTENT}</div>
${probes}</main>
<div id="elements"></div>
</body>
</html>`;
}

/**
 * Reads the computed style of each of the page's own elements (keyed by where it is), keeps the first
 * reading in the page (`keep`) and answers, from the next, the elements whose style changed since, each
 * with the first values that did. (The readings stay in the page: they are megabytes.)
 */
function restyled(keep: boolean): string[] {
  const styles = new Map<string, Map<string, string>>();
  const read = (key: string, el: Element) => {
    const style = getComputedStyle(el);
    const values = new Map<string, string>();
    for (let i = 0; i < style.length; i++) values.set(style[i]!, style.getPropertyValue(style[i]!));
    // The theme's tokens, in case custom properties are not among the listed ones.
    for (const name of ['--_ds-primary', '--_ds-text', '--plyr-color-main', '--zIndex-canvas']) values.set(name, style.getPropertyValue(name));
    styles.set(key, values);
  };
  read('html', document.documentElement);
  read('body', document.body);
  for (const probe of document.querySelectorAll('[data-probe]')) {
    const name = probe.getAttribute('data-probe')!;
    read(name, probe);
    Array.from(probe.querySelectorAll('*')).forEach((el, i) => read(`${name} > ${el.localName}#${i}`, el));
  }
  const page = window as unknown as { dsBefore?: typeof styles };
  if (keep) page.dsBefore = styles;
  const before = page.dsBefore!;
  const changed: string[] = [];
  for (const [key, was] of before) {
    const now = styles.get(key)!;
    const differ = [...was].filter(([name, value]) => now.get(name) !== value).map(([name, value]) => `${name}: ${value} → ${now.get(name)}`);
    if (differ.length) changed.push(`${key} { ${differ.slice(0, 4).join('; ')} }`);
  }
  return changed;
}

/**
 * Imports the modules in the page, one after the other, and hands the last one to `then` (page source).
 * A string, not a function: the test runner rewrites an `import()` in a function's source.
 */
async function loadModules(page: Page, urls: string[], then = '() => undefined'): Promise<void> {
  await page.evaluate(`(async () => { let last; for (const url of ${JSON.stringify(urls)}) last = await import(url); (${then})(last); })()`);
}

/**
 * Opens `html` as a page of the bureau's site (an address of the site's own, then the page written
 * into it: Chromium lets a page reach the platform on a loopback address only when it came from one
 * too), with `files` served beside it under /react-host/.
 */
async function openHostPage(context: BrowserContext, page: Page, html: string, files: Map<string, string> = new Map()): Promise<void> {
  for (const [name, body] of files) {
    await context.route(`${bureauUrl()}/react-host/${name}`, (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body }));
  }
  await page.goto(`${bureauUrl()}/own-styles.html`);
  await page.setContent(html);
}

/** The tools whose own stylesheets come with them (the whiteboard's is Excalidraw's, from the platform's tool assets). */
const TOOLS = ['FUNCTION', 'PINYIN', 'FLTG', 'gameTemplate', 'mindMap', 'ELECTRONIC_COURSE'];
/** Their roots, by the classes they have always had. */
const TOOL_ROOTS = '.fg, .py, .fl, .gt, .ds-mind-map, .ds-node-picker';

/**
 * A React site's page script: every component of `@dscloud/elements` (dist/index.js, React as a peer)
 * rendered with the site's React into `#elements`, as docs/embedding.md ("React hosts") shows.
 */
const REACT_HOST = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { ActivityList, HelpWidget, LessonPlayer, Login, ToolEditor, Uploader } from '@dscloud/elements';
export function render(container, apiBase) {
  const tools = ${JSON.stringify(TOOLS)}.map((tool) => h('div', { key: tool, style: { height: 400 } }, h(ToolEditor, { apiBase, tool })));
  createRoot(container).render([
    h(Login, { key: 'login', apiBase, lang: 'zh-CN' }),
    h(HelpWidget, { key: 'help', apiBase, lang: 'zh-CN' }),
    h(Uploader, { key: 'uploader', apiBase, lang: 'zh-CN' }),
    h(LessonPlayer, { key: 'player', apiBase, lang: 'zh-CN', sources: [] }),
    h(ActivityList, { key: 'activities', apiBase, lang: 'zh-CN' }),
    ...tools,
  ]);
}`;

/** The React site's script and its lazy parts, bundled with the repository's React (esbuild, in memory). */
async function reactHostFiles(): Promise<Map<string, string>> {
  const result = await build({
    stdin: { contents: REACT_HOST, resolveDir: ROOT, loader: 'js', sourcefile: 'host.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: `${ROOT}.tmp/react-host`,
    entryNames: 'host',
    write: false,
    // The built chunks import each other for their side effects; keep every one.
    ignoreAnnotations: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return new Map(result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('/') + 1), file.text]));
}

let browser: Browser;
let reactHost: Map<string, string>;
beforeAll(async () => {
  [browser, reactHost] = await Promise.all([launchBrowser(), reactHostFiles()]);
});
afterAll(async () => {
  await browser?.close();
});

describe("the elements' styles stay inside the elements", () => {
  const classes = elementClasses();

  it('a plain page that loads every element bundle and shows every element keeps its own styles', async () => {
    expect(classes).toEqual(expect.arrayContaining(['ds-dialog', 'ds-sr-only', 'ds-help__toggle', 'ds-player__notes', 'fg-side', 'gt-play']));
    const { context, page } = await newPage(browser);
    await openHostPage(context, page, hostPage(classes));
    await page.evaluate(restyled, true);

    const bundles = ['ds-elements', ...['activity-list', 'help-widget', 'lesson-player', 'login', 'tool-editor', 'uploader'].map((name) => `standalone/${name}`)];
    await loadModules(page, bundles.map((bundle) => `${baseUrl()}/elements/${bundle}.js`));
    await page.evaluate((tools) => {
      const host = document.getElementById('elements')!;
      host.innerHTML = ['ds-login', 'ds-help-widget', 'ds-uploader', 'ds-lesson-player', 'ds-activity-list'].map((tag) => `<${tag}></${tag}>`).join('');
      for (const tool of tools) host.insertAdjacentHTML('beforeend', `<ds-tool-editor tool="${tool}"></ds-tool-editor>`);
    }, TOOLS);
    // Every element has drawn itself with its own stylesheet, each editor its tool.
    const undrawn = () =>
      page.evaluate((tools) =>
        Array.from(document.querySelectorAll('#elements > *'))
          .filter((el) => !el.shadowRoot?.querySelector('style[data-ds-style]') || (el.localName === 'ds-tool-editor' && !el.shadowRoot.querySelector(tools)))
          .map((el) => `${el.localName}${el.getAttribute('tool') ? ` ${el.getAttribute('tool')}` : ''}`),
      TOOL_ROOTS);
    await expect.poll(undrawn, { timeout: 30_000 }).toEqual([]);

    expect(await page.evaluate(restyled, false)).toEqual([]);
    await context.close();
  });

  it("a React site that renders every component keeps its own styles, though the components' sheets are in its head", async () => {
    const { context, page } = await newPage(browser);
    await openHostPage(context, page, hostPage(classes), reactHost);
    await page.evaluate(restyled, true);

    await loadModules(page, ['/react-host/host.js'], `(host) => host.render(document.getElementById('elements'), ${JSON.stringify(baseUrl())})`);
    // Every component's sheet is in the head, and each tool has drawn itself (their sheets come with them).
    const sheets = ['ds-tokens', 'ds-login', 'ds-help-widget', 'ds-uploader', 'ds-lesson-player', 'ds-activity-list', 'ds-tool-editor', 'ds-mind-map', 'ds-node-picker'];
    const missing = () =>
      page.evaluate(
        (sheets) => [
          ...sheets.filter((id) => !document.head.querySelector(`style[data-ds-style="${id}"]`)),
          ...['fg', 'py', 'fl', 'gt'].filter((tool) => !document.querySelector(`#elements .${tool} > style`)),
          ...['ds-mind-map', 'ds-node-picker'].filter((tool) => !document.querySelector(`#elements .${tool}`)),
        ],
        sheets,
      );
    await expect.poll(missing, { timeout: 30_000 }).toEqual([]);

    expect(await page.evaluate(restyled, false)).toEqual([]);
    await context.close();
  });
});
