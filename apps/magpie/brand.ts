import { defineBrand } from '@tender/brand';

export default defineBrand({
  id: 'magpie',
  name: '喜鹊标讯',
  title: '喜鹊标讯 - 招标采购信息订阅与商机分析',
  colors: {
    primary: '#0e7480',
    themeChoices: ['#0e7480', '#1d5fd1', '#15803d', '#c2410c', '#be185d', '#6941c6'],
  },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.xiquebiaoxun.example/agreement/terms.html',
    privacyUrl: 'https://www.xiquebiaoxun.example/agreement/privacy.html',
    clauseName: '喜鹊标讯用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: {
    text: 'Copyright © 2025 上海喜鹊数据服务有限公司 版权所有',
    caseNumber: '沪ICP备2023058214号-2',
    publicSecurityNumber: '沪公网安备31010402008214号',
  },
  supportPhone: '400-013-5577',
});
