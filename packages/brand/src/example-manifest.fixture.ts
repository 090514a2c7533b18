import type { BrandManifest } from './brand-manifest';

/** A valid manifest for tests; each test breaks a copy of it. */
export const exampleManifest: BrandManifest = {
  id: 'sample',
  name: '示例招标网',
  title: '示例招标网 - 招投标信息服务平台',
  colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1', '#0e7480', '#c2410c'] },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.sample.example/agreement/terms',
    privacyUrl: 'https://www.sample.example/agreement/privacy',
    clauseName: '示例招标网用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: { text: 'Copyright © 2025 示例信息科技有限公司 版权所有', caseNumber: '京ICP备2023012345号-1' },
  supportPhone: '400-012-3456',
};
