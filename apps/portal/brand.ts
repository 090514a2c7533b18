import { defineBrand } from '@tender/brand';

export default defineBrand({
  id: 'portal',
  name: '标桥招标网',
  title: '标桥招标网 - 全国招投标信息服务平台',
  colors: {
    primary: '#1d5fd1',
    themeChoices: ['#1d5fd1', '#0e7480', '#15803d', '#c2410c', '#be185d', '#6941c6'],
  },
  flags: { analysis: true, export: true, payment: true, newDemandMode: true },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.biaoqiao.example/agreement/terms.html',
    privacyUrl: 'https://www.biaoqiao.example/agreement/privacy.html',
    clauseName: '标桥招标网用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: {
    text: 'Copyright © 2025 北京标桥信息科技有限公司 版权所有',
    caseNumber: '京ICP备2024031857号-1',
    publicSecurityNumber: '京公网安备11010802045123号',
    telecomLicense: '京B2-20241857',
  },
  supportPhone: '400-012-6688',
});
