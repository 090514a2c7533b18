import { type BrandManifest, defineBrand } from '@tender/brand';
import { UiKitProvider } from '@tender/ui-kit';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** A brand for component tests; its contact phone is what the pagination toasts append. */
export const testBrand: BrandManifest = defineBrand({
  id: 'sample',
  name: '示例招标网',
  title: '示例招标网 - 招投标信息服务平台',
  colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1'] },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.sample.example/agreement/terms',
    privacyUrl: 'https://www.sample.example/agreement/privacy',
    clauseName: '示例招标网用户服务协议',
  },
  footer: { text: 'Copyright © 2025 示例信息科技有限公司 版权所有', caseNumber: '京ICP备2023012345号-1' },
  supportPhone: '400-012-3456',
});

/** Renders inside the kit's provider (test env: no transitions, no portals) with a user-event session. */
export function renderWithKit(
  ui: ReactElement,
  options?: Omit<RenderOptions, 'wrapper'> & { advanceTimers?: (ms: number) => unknown },
) {
  const user = userEvent.setup(options?.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const result = render(ui, {
    wrapper: ({ children }) => (
      <UiKitProvider brand={testBrand} env="test">
        {children}
      </UiKitProvider>
    ),
    ...options,
  });
  return { user, ...result };
}
