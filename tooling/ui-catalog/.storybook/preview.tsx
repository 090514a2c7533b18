import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import type { Preview } from '@storybook/react-vite';
import { brandGlobalType, DEFAULT_BRAND_ID, withBrand } from '../src/brand-decorator';
import { brandById } from '../src/brands';

const preview: Preview = {
  globalTypes: { brand: brandGlobalType },
  initialGlobals: { brand: DEFAULT_BRAND_ID },
  decorators: [withBrand],
  // The chosen brand's manifest as `loaded.brand`: the app's stories hand it to the parts that take one.
  loaders: [async ({ globals }) => ({ brand: brandById(globals.brand) })],
  parameters: {
    layout: 'padded',
    // The widths the product is checked at (docs/screens.md): wide desktop, desktop, small laptop, phone.
    viewport: {
      options: {
        desktop1920: { name: '1920 × 1080', styles: { width: '1920px', height: '1080px' }, type: 'desktop' },
        desktop1440: { name: '1440 × 900', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
        laptop1280: { name: '1280 × 800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
        phone390: { name: '390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
    // A violation is an error in the panel and in the test runner, not a note.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
