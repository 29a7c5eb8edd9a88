/** Any file imported as text (`?raw`): rollup.config.mjs, the test bundler and Vite hand over its source. */
declare module '*?raw' {
  const text: string;
  export default text;
}
