/** Any file imported as text (`?raw`): rollup.config.mjs, the test bundler and Vite hand over its source. */
declare module '*?raw' {
  const text: string;
  export default text;
}

/** hls.js's light build (no subtitles, alternate audio, EME or CMCD) has the full build's API; its package exports no types for it. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
