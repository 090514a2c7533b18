import type { BrandManifest } from '@tender/brand';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { testBrand } from './test-brand';

/** A provider that themes its children for a brand; `env="test"` turns off transitions and portals. */
export type BrandProvider = ComponentType<{ brand: BrandManifest; env: 'test'; children: ReactNode }>;

export type RenderWithBrandOptions = Omit<RenderOptions, 'wrapper'> & {
  /** Hand the fake timers' advance function here when the test uses them, so user-event waits with them. */
  advanceTimers?: (ms: number) => unknown;
};

/**
 * Builds a render that wraps the UI in `Provider` for `brand` (test env) and starts a user-event session.
 * The provider is a parameter, not an import, so `@tender/ui-kit`'s own tests can use this package without a
 * dependency cycle (the kit's `UiKitProvider` is what the client packages pass).
 */
export function createRenderWithBrand(Provider: BrandProvider, brand: BrandManifest = testBrand) {
  return function renderWithBrand(ui: ReactElement, options?: RenderWithBrandOptions) {
    const user = userEvent.setup(options?.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
    const result = render(ui, {
      wrapper: ({ children }) => (
        <Provider brand={brand} env="test">
          {children}
        </Provider>
      ),
      ...options,
    });
    return { user, ...result };
  };
}
