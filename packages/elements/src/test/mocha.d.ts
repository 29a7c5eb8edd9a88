/** Globals the browser test runner's mocha puts on the page (no @types/mocha in this repository). */
interface MochaContext {
  skip(): void;
  timeout(ms: number): void;
}
declare function describe(title: string, fn: () => void): void;
declare function it(title: string, fn: (this: MochaContext) => void | Promise<unknown>): void;
declare function before(fn: () => void | Promise<unknown>): void;
declare function after(fn: () => void | Promise<unknown>): void;
declare function beforeEach(fn: () => void | Promise<unknown>): void;
declare function afterEach(fn: () => void | Promise<unknown>): void;

interface Window {
  /** Origin of the reference server the test runner started. */
  __DS_API_BASE__?: string;
}
