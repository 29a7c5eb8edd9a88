import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
    backgrounds: { options: { page: { name: 'page', value: '#f2f4f7' } } },
  },
  initialGlobals: { backgrounds: { value: 'page' } },
};

export default preview;
