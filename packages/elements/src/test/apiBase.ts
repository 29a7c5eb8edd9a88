/** Origin of the reference server the test runner started (web-test-runner.config.mjs). */
export function apiBase(): string {
  const base = window.__DS_API_BASE__;
  if (!base) throw new Error('the test runner did not pass the reference server address');
  return base;
}
