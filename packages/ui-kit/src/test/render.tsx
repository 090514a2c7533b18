import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '../provider';

export { testBrand } from '@tender/test-utils';

/** Renders inside the kit's provider (test env: no transitions, no portals) with a user-event session. */
export const renderWithKit = createRenderWithBrand(UiKitProvider);
