import { defineBrand } from '@tender/brand';

export default defineBrand({
  id: 'catering',
  name: '餐饮招采通',
  title: '餐饮招采通 - 餐饮行业招标采购信息平台',
  colors: {
    primary: '#c2410c',
    themeChoices: ['#c2410c', '#b91c1c', '#1d5fd1', '#0e7480', '#15803d', '#6941c6'],
  },
  flags: { analysis: false, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 19,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.canyinzhaocai.example/agreement/terms.html',
    privacyUrl: 'https://www.canyinzhaocai.example/agreement/privacy.html',
    clauseName: '餐饮招采通用户服务协议',
    privacyPolicyVersion: '2026-11-01',
  },
  footer: {
    text: 'Copyright © 2025 广州餐采信息技术有限公司 版权所有',
    caseNumber: '粤ICP备2024017639号-1',
  },
  supportPhone: '020-38126600',
  hotSearchWords: [
    '食堂',
    '食材',
    '餐饮服务',
    '配送',
    '蔬菜',
    '肉类',
    '米面粮油',
    '厨房设备',
    '食堂承包',
    '农产品',
  ],
});
