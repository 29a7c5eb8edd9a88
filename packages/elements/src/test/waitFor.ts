/**
 * Polls until `check` returns a truthy value (or stops throwing) and resolves with that value.
 * React renders asynchronously and the server answers when it answers: poll, never wait frames.
 */
export async function waitFor<T>(check: () => T | Promise<T>, { timeout = 8000, interval = 20, message = '' } = {}): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`waitFor timed out after ${timeout} ms${message ? ` (${message})` : ''}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
