// Generates custom-elements.json from the JSDoc on each *.element.ts (Storybook and IDEs read it).
export default {
  globs: ['src/**/*.element.ts'],
  exclude: ['**/*.test.*', '**/*.stories.*'],
  outdir: '.',
  litelement: false,
  dependencies: false,
  packagejson: false,
};
