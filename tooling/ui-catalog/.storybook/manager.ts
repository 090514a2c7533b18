import { addons } from 'storybook/manager-api';
import portal from '../../../apps/portal/brand';
import portalLogo from '../../../apps/portal/public/favicon.svg';
import { catalogTheme } from '../src/catalog-theme';

// The manager is bundled by esbuild, without Vite's import.meta.glob: it shows the catalog's default brand (portal,
// the first of src/brands.ts); the 品牌 menu re-themes the stories, not the sidebar.
addons.setConfig({ theme: catalogTheme(portal, portalLogo) });
