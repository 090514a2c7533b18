import type { MarketAnalysis, MenuItem, User } from '@tender/contracts';
import type { AccountUsage } from '../features/analysis/usage-chart';

/** Demo data of the app's stories: what a designer reviews, shaped exactly as the server answers it. */

const freeUser: User = {
  userId: 7,
  userName: '13812345678',
  realUserName: '',
  mobile: '13812345678',
  headimgurl: '',
  companyName: '',
  industry: '',
  jobTitle: '',
  email: '',
  displayMode: 10,
  isPerfect: true,
  memberCode: 'putong',
  memberName: '普通用户',
  isOpenMember: false,
  primaryUser: true,
  upgradeList: [],
  isUsePc: 1,
};

const member: User = {
  ...freeUser,
  realUserName: '王经理',
  companyName: '江苏华建工程有限公司',
  memberCode: 'toubiaotong',
  memberName: '投标通',
  isOpenMember: true,
  upgradeList: [{ memberCode: 'toubiaotong', memberName: '投标通', expireDate: '2027-05-31' }],
};

/** The main account of an enterprise at level qiye (roles.ts: qiyePrimary, 企业数据统计 in its menu). */
const enterpriseOwner: User = {
  ...member,
  realUserName: '李总',
  memberCode: 'qiye',
  memberName: '企业版',
  upgradeList: [{ memberCode: 'qiye', memberName: '企业版', expireDate: '2028-01-31' }],
};

/** The member states the app tells apart (spec §2 popover and badge); 未登录 has no user. */
export const demoUsers = { freeUser, member, enterpriseOwner } as const;
export type DemoUserState = 'signedOut' | keyof typeof demoUsers;

function screen(name: string, path: string, title: string, icon: string): MenuItem {
  return {
    name,
    path,
    component: path.slice(1),
    hidden: false,
    alwaysShow: false,
    meta: { title, icon, noCache: false },
  };
}

function group(name: string, path: string, title: string, icon: string, children: MenuItem[]): MenuItem {
  return {
    name,
    path,
    component: 'Layout',
    hidden: false,
    redirect: children[0]?.path,
    alwaysShow: true,
    meta: { title, icon, noCache: false },
    children,
  };
}

/** The server menu of a paying brand with analysis and export (packages/server/src/menus/menu-definition.ts). */
export const demoMenus: MenuItem[] = [
  screen('Dashboard', '/dashboard', '数据看板', 'dashboard'),
  group('Subscribe', '/subscribe', '订阅管理', 'subscribe', [
    screen('Bidding', '/subscribe/bidding', '招标订阅', 'bidding'),
    screen('Upfront', '/subscribe/upfront', '拟建项目订阅', 'upfront'),
  ]),
  group('InformationQuery', '/informationQuery', '信息查询', 'search', [
    screen('Bid', '/informationQuery/bid', '招投标信息', 'bid'),
  ]),
  screen('MyFocus', '/myFocus', '我的关注', 'my-focus'),
  group('EnterpriseAnalysis', '/enterpriseAnalysis', '企业分析', 'analysis', [
    screen(
      'ErterInformation',
      '/enterpriseAnalysis/informationQuery/erterInformation',
      '查企业',
      'enterprise',
    ),
    screen(
      'MarketAnalysis',
      '/enterpriseAnalysis/informationQuery/marketAnalysis',
      '招投标市场分析',
      'market',
    ),
  ]),
  screen('DataExport', '/dataExport', '数据导出', 'export'),
  screen('MyExport', '/myExport', '我的导出记录', 'my-export'),
  screen('BrowsingHistory', '/BrowsingHistory', '浏览记录', 'history'),
  group('UserCenter', '/user', '个人中心', 'user', [
    screen('InfoEdit', '/infoEdit', '账号设置', 'setting'),
    screen('MyOrder', '/myOrder', '我的订单', 'order'),
    screen('MyCoupon', '/myCoupon', '我的优惠券', 'coupon'),
    // The server sends it to an enterprise's main account at level qiye only; the sidebar checks it too (roles.ts).
    screen('DataStatistics', '/dataStatistics', '企业数据统计', 'statistics'),
  ]),
];

/** The pages of the demo menu, with their titles (the top bar's title and the tags). */
export const demoPages = demoMenus
  .flatMap((item) => item.children ?? [item])
  .map((item) => ({ path: item.path, title: item.meta.title }));

type Bucket = MarketAnalysis['byMonth'][number];
type Company = MarketAnalysis['topPurchasers'][number];

const WAN = 1_000_000; // fen in 1 万元

export const demoMonths: Bucket[] = [
  [186, 5_230, 4_410],
  [142, 3_980, 3_120],
  [205, 6_470, 5_380],
  [231, 7_120, 6_050],
  [198, 5_860, 4_970],
  [254, 8_340, 7_260],
].map(([items = 0, budget = 0, award = 0], index) => ({
  code: `2026-0${index + 1}`,
  name: `2026-0${index + 1}`,
  items,
  budgetFen: budget * WAN,
  awardFen: award * WAN,
}));

export const demoIndustries: Bucket[] = [
  ['01', '建筑工程', 412, 18_600],
  ['02', '医疗卫生', 236, 9_840],
  ['03', '信息技术', 188, 6_320],
  ['04', '交通运输', 131, 7_950],
  ['05', '教育', 97, 2_410],
].map(([code, name, items, budget]) => ({
  code: String(code),
  name: String(name),
  items: Number(items),
  budgetFen: Number(budget) * WAN,
  awardFen: Math.round(Number(budget) * 0.86) * WAN,
}));

export const demoMethods: Bucket[] = [
  ['gk', '公开招标', 624],
  ['jz', '竞争性磋商', 213],
  ['xj', '询价', 128],
  ['dy', '单一来源', 49],
].map(([code, name, items]) => ({
  code: String(code),
  name: String(name),
  items: Number(items),
  budgetFen: 0,
  awardFen: 0,
}));

export const demoPurchasers: Company[] = [
  ['南京市第一医院', 38, 12_480],
  ['苏州工业园区管委会', 31, 9_360],
  ['无锡市教育局', 27, 4_120],
  ['常州市交通运输局', 22, 7_840],
  ['南通市城市建设集团', 19, 6_050],
].map(([name, items, amount], index) => ({
  companyId: index + 1,
  name: String(name),
  items: Number(items),
  amountFen: Number(amount) * WAN,
  amountWanYuanText: `${Number(amount).toLocaleString('zh-CN')}.00万元`,
}));

/** Items per province, GB/T 2260 codes: the east heavy, the west light, two provinces without items. */
export const demoProvinces: Bucket[] = [
  ['320000', 1_284],
  ['330000', 1_102],
  ['440000', 968],
  ['370000', 812],
  ['310000', 644],
  ['110000', 590],
  ['420000', 433],
  ['510000', 402],
  ['410000', 356],
  ['340000', 298],
  ['350000', 264],
  ['430000', 231],
  ['130000', 187],
  ['610000', 143],
  ['500000', 131],
  ['210000', 118],
  ['360000', 96],
  ['450000', 74],
  ['120000', 69],
  ['530000', 52],
  ['140000', 41],
  ['220000', 33],
  ['230000', 28],
  ['520000', 25],
  ['150000', 19],
  ['620000', 14],
  ['460000', 11],
  ['650000', 8],
  ['640000', 5],
  ['630000', 3],
].map(([code, items]) => ({ code: String(code), name: '', items: Number(items), budgetFen: 0, awardFen: 0 }));

/** Two weeks of use by three accounts of an enterprise (企业数据统计). */
export const demoAccountUsage: AccountUsage[] = [
  ['李总', '13912340001', 'primary', [6, 4, 8, 5, 9, 3, 2, 7, 6, 10, 8, 4, 3, 5]],
  ['张工', '13912340002', 'sub', [3, 5, 2, 6, 4, 1, 0, 4, 5, 3, 6, 2, 1, 2]],
  ['陈会计', '13912340003', 'sub', [1, 0, 2, 1, 3, 0, 0, 2, 1, 1, 2, 0, 1, 1]],
].map(([userName, mobile, role, perDay], index) => ({
  userId: index + 1,
  userName: String(userName),
  mobile: String(mobile),
  role: role as 'primary' | 'sub',
  remark: '',
  totals: { watchZhaobiao: (perDay as number[]).reduce((sum, used) => sum + used, 0) },
  days: (perDay as number[])
    .map((used, day) => ({
      day: `2026-06-${String(day + 1).padStart(2, '0')}`,
      privilege: 'watchZhaobiao',
      used,
    }))
    .filter((entry) => entry.used > 0),
}));

/**
 * What the layout asks the server for on every page (customer-service contacts, the pay dictionary, the area
 * tree): no contact images, so the floating widget stays hidden.
 */
export const shellAnswers: Readonly<Record<string, unknown>> = {
  '/webchat/common/customer-mobile': [],
  '/webchat/api/dictDetail': { content: [], totalElements: 0 },
  '/webchat/common/selArea': [],
};
