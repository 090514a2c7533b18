import { type BrandManifest, brandManifestSchema } from '@tender/brand';

const common = {
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://alpha.example/terms.html',
    privacyUrl: 'https://alpha.example/privacy.html',
    clauseName: '用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: { text: '集成测试信息科技有限公司', caseNumber: '京ICP备2024000001号-1' },
} as const;

/** A brand that sells online (as portal and magpie do), with a support phone. */
export const payingBrand: BrandManifest = brandManifestSchema.parse({
  ...common,
  id: 'alpha',
  name: '阿尔法招标网',
  title: '阿尔法招标网',
  colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1'] },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  supportPhone: '400-000-0001',
});

/** A brand without online payment (as forecast), without a support phone. */
export const unpaidBrand: BrandManifest = brandManifestSchema.parse({
  ...common,
  id: 'beta',
  name: '贝塔标讯',
  title: '贝塔标讯',
  colors: { primary: '#6941c6', themeChoices: ['#6941c6'] },
  flags: { analysis: false, export: false, payment: false, newDemandMode: false },
});

export const integrationBrands: readonly BrandManifest[] = [payingBrand, unpaidBrand];
