// Debian's Chromium and the flags every test and benchmark starts it with (as root, on a machine
// whose network is closed: background services would only fail their connections).
import { existsSync } from 'node:fs';

// The browser itself rather than Debian's launcher script /usr/bin/chromium: the launcher only adds
// desktop flags, and the one of Chromium 156 prints a harmless "[: …: unexpected operator" into every
// test log. The supported builds and how CI picks one: README, "Browser".
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';
// Debian's headless shell (package chromium-headless-shell): the same Chromium build (one source package,
// one version, the same Blink, V8 and media stack) without the desktop browser around the engine — what
// Playwright itself drives for headless runs. A page costs it well under half the CPU of the full browser's
// headless mode (docs/testing.md, "Browser"), and the browser suites are most of a test run's CPU.
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The full browser: Lighthouse and the benchmarks (what a reader's Chromium does), `CHROMIUM_PATH` to override. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : '/usr/bin/chromium');

/**
 * The browser the test suites drive (end to end, elements, stories, cluster): the headless shell when it is
 * installed, otherwise the full browser in its headless mode. `TEST_CHROMIUM_PATH` overrides it, e.g. with
 * `CHROMIUM_PATH`'s browser to run a suite in the full browser.
 */
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : CHROMIUM_PATH);

/** The headless flag for `path`: the shell is headless by itself; the full browser needs `--headless=new`. */
export const headlessArgs = (path) => (path.endsWith('headless-shell') ? [] : ['--headless=new']);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
];
