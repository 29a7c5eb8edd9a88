import type { StorybookConfig } from '@storybook/react-vite';

// Stories live next to each element; they run on fake platforms, so no server is needed.
const config: StorybookConfig = {
  stories: ['../packages/elements/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The demo lesson clips (and their posters and captions) for the <ds-lesson-player> stories.
  staticDirs: [
    { from: '../packages/server/seed/media', to: '/seed-media' },
    // The tools' static files, as the element build serves them (scripts/tool-assets.mjs).
    { from: '../node_modules/hanzi-writer-data', to: '/tool-assets/hanzi' },
    { from: '../node_modules/@excalidraw/excalidraw/dist/prod', to: '/tool-assets/excalidraw' },
  ],
  async viteFinal(viteConfig) {
    // In-repo packages resolve from source, as in the portal and the tests.
    viteConfig.resolve = { ...viteConfig.resolve, conditions: ['source', 'browser', 'module', 'import', 'default'] };
    return viteConfig;
  },
};

export default config;
