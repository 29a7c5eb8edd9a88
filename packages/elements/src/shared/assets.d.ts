/** Stylesheets imported as text (`?inline`): rollup, esbuild and Vite all hand over the CSS source. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
