// Debian's Chromium and the flags every test and benchmark starts it with (as root, on a machine
// whose network is closed: background services would only fail their connections).
import { existsSync } from 'node:fs';

// The browser itself rather than Debian's launcher script /usr/bin/chromium: the launcher only adds
// desktop flags, and the one of Chromium 156 prints a harmless "[: …: unexpected operator" into every
// test log. The supported builds and how CI picks one: README, "Browser".
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : '/usr/bin/chromium');
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
