import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';

/** Renders inside the kit's provider (test env: no transitions, no portals) with a user-event session. */
export const renderWithKit = createRenderWithBrand(UiKitProvider);
