import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';

// A play function waits for a state, never for a time: on a busy machine the first render of a story can
// take seconds, so the 1 s default of waitFor/findBy would fail a story that renders correctly, only late.
configure({ asyncUtilTimeout: 20_000 });

const preview: Preview = {
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
    backgrounds: { options: { page: { name: 'page', value: '#f2f4f7' } } },
  },
  initialGlobals: { backgrounds: { value: 'page' } },
};

export default preview;
