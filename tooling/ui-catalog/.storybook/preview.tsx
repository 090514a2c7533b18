import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import type { Preview } from '@storybook/react-vite';
import { brandGlobalType, DEFAULT_BRAND_ID, withBrand } from '../src/brand-decorator';

const preview: Preview = {
  globalTypes: { brand: brandGlobalType },
  initialGlobals: { brand: DEFAULT_BRAND_ID },
  decorators: [withBrand],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
