import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyBrand } from '../test/story-app';
import { AppFooter } from './app-footer';

interface FooterArgs {
  /** Show the brand with a 公安备案号 and a 增值电信业务经营许可证 even if its manifest has none. */
  everyFiling: boolean;
}

/** spec §1: the brand's footer — terms and privacy, the footer text, the ICP number, 公安备案 when it has one. */
const meta = {
  title: 'app/Layout/AppFooter',
  args: { everyFiling: false },
  render: ({ everyFiling }, context) => {
    const brand = storyBrand(context);
    const footer = everyFiling
      ? {
          ...brand.footer,
          publicSecurityNumber: brand.footer.publicSecurityNumber ?? '京公网安备11010802045123号',
          telecomLicense: brand.footer.telecomLicense ?? '京B2-20241857',
        }
      : brand.footer;
    return <AppFooter brand={{ ...brand, footer }} />;
  },
} satisfies Meta<FooterArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The brand's footer as its manifest has it. */
export const BrandFooter: Story = {};
/** ICP, 公安备案 and the telecom licence together: the longest footer a brand can have. */
export const EveryFiling: Story = { args: { everyFiling: true } };
