import { defineBrand } from '@tender/brand';

export default defineBrand({
  id: 'forecast',
  name: '标讯预测',
  title: '标讯预测 - 招标预告与商机预测平台',
  colors: {
    primary: '#6941c6',
    themeChoices: ['#6941c6', '#1d5fd1', '#0e7480', '#15803d', '#c2410c', '#be185d'],
  },
  flags: { analysis: false, export: false, payment: false, newDemandMode: false },
  interfaceVersion: 19,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.biaoxunyuce.example/agreement/terms.html',
    privacyUrl: 'https://www.biaoxunyuce.example/agreement/privacy.html',
    clauseName: '标讯预测用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: {
    text: 'Copyright © 2025 杭州标讯预测科技有限公司 版权所有',
    caseNumber: '浙ICP备2023045126号-3',
    telecomLicense: '浙B2-20230451',
  },
  // Without online payment, 开通会员 ends at the unPay dialog: the phone is how a member reaches the 商务经理.
  supportPhone: '0571-8689-2260',
});
