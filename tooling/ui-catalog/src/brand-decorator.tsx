import type { Decorator } from '@storybook/react-vite';
import { UiKitProvider } from '@tender/ui-kit';
import { brandById, brands } from './brands';

export const DEFAULT_BRAND_ID = brands[0]?.id ?? 'portal';

/** The toolbar switcher: one entry per brand app, titled with its id and name. */
export const brandGlobalType = {
  description: '品牌主题',
  toolbar: {
    title: '品牌',
    icon: 'paintbrush',
    items: brands.map((brand) => ({ value: brand.id, title: `${brand.id} · ${brand.name}` })),
    dynamicTitle: true,
  },
} as const;

/** Renders every story inside the kit's provider with the chosen brand's theme. */
export const withBrand: Decorator = (Story, context) => (
  <UiKitProvider brand={brandById(context.globals.brand)}>
    <Story />
  </UiKitProvider>
);
