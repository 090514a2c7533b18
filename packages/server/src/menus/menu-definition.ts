/**
 * The whole server menu as data (spec §2 routes and screen areas; docs/business-rules.md Menus). `visibleMenu`
 * (visible-menu.ts) removes what a brand or user may not see. Conventions:
 * - every `path` is absolute; a screen's `component` key is its path without the leading slash, the name the
 *   client maps to a lazily loaded screen; a group's is 'Layout' and it redirects to its first visible child;
 * - `requires` lists conditions that must all hold (see `MenuCondition`); an entry without it is for everyone;
 * - `hidden` entries are routable but left out of the sidebar.
 */

/**
 * - `analysis`: the brand shows enterprise and market analysis (brand.show_analysis).
 * - `export`: the brand offers data export (brand.show_export).
 * - `pay`: the brand sells memberships online (brand.allow_pay); 我的订单 and coupons need it.
 * - `newDemandMode`: the brand's new-demand mode (brand.new_demand_mode); 企业管理 needs it.
 * - `qiyePrimary`: a main account of member level qiye (spec §2, §6: 企业数据统计).
 */
export type MenuCondition = 'analysis' | 'export' | 'pay' | 'newDemandMode' | 'qiyePrimary';

export interface MenuEntry {
  name: string;
  path: string;
  component: string;
  title: string;
  icon: string;
  hidden?: boolean;
  noCache?: boolean;
  alwaysShow?: boolean;
  requires?: readonly MenuCondition[];
  children?: readonly MenuEntry[];
}

/** The hidden screen an enterprise invite QR code opens (src/enterprise/routes.ts). */
export const ENTERPRISE_JOIN_PATH = '/enterpriseJoin';

/** The hidden 医疗详情 screen a medical-equipment notice's detail links to. */
export const MEDICAL_DETAIL_PATH = '/medicalDetail';

const GROUP = 'Layout';

function screen(
  name: string,
  path: string,
  title: string,
  icon: string,
  options: Pick<MenuEntry, 'hidden' | 'noCache' | 'requires'> = {},
): MenuEntry {
  return { name, path, component: path.slice(1), title, icon, ...options };
}

export const MENU: readonly MenuEntry[] = [
  screen('Dashboard', '/dashboard', '数据看板', 'dashboard'),
  {
    name: 'Subscribe',
    path: '/subscribe',
    component: GROUP,
    title: '订阅管理',
    icon: 'subscribe',
    alwaysShow: true,
    children: [
      screen('Bidding', '/subscribe/bidding', '招标订阅', 'bidding'),
      screen('Upfront', '/subscribe/upfront', '拟建项目订阅', 'upfront'),
      // 即将到期 (ADR 0042): contracts ending soon, and the member's renewal subscription.
      screen('Expiring', '/subscribe/expiring', '即将到期', 'expiring'),
    ],
  },
  {
    name: 'InformationQuery',
    path: '/informationQuery',
    component: GROUP,
    title: '信息查询',
    icon: 'search',
    alwaysShow: true,
    children: [screen('Bid', '/informationQuery/bid', '招投标信息', 'bid')],
  },
  {
    name: 'Monitor',
    path: '/monitor',
    component: GROUP,
    title: '监控中心',
    icon: 'monitor',
    alwaysShow: true,
    children: [
      screen('OwnerMonitor', '/monitor/owner', '业主监控', 'owner'),
      screen('RivalMonitor', '/monitor/rival', '对手监控', 'rival'),
      screen('AgentMonitor', '/monitor/agent', '代理机构监控', 'agent'),
      screen('ProjectMonitor', '/monitor/project', '项目监控', 'project'),
    ],
  },
  // spec §2: the sidebar items 我的关注 and 我的导出记录 get special icons.
  screen('MyFocus', '/myFocus', '我的关注', 'my-focus'),
  {
    name: 'EnterpriseAnalysis',
    path: '/enterpriseAnalysis',
    component: GROUP,
    title: '企业分析',
    icon: 'analysis',
    alwaysShow: true,
    requires: ['analysis'],
    children: [
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
    ],
  },
  screen('DataExport', '/dataExport', '数据导出', 'export', { requires: ['export'] }),
  screen('MyExport', '/myExport', '我的导出记录', 'my-export', { requires: ['export'] }),
  screen('BrowsingHistory', '/BrowsingHistory', '浏览记录', 'history'),
  {
    name: 'UserCenter',
    path: '/user',
    component: GROUP,
    title: '个人中心',
    icon: 'user',
    alwaysShow: true,
    children: [
      screen('InfoEdit', '/infoEdit', '账号设置', 'setting', { noCache: true }),
      screen('MyOrder', '/myOrder', '我的订单', 'order', { requires: ['pay'] }),
      screen('MyCoupon', '/myCoupon', '我的优惠券', 'coupon', { requires: ['pay'] }),
      screen('EnterpriseEdit', '/enterpriseEdit', '企业管理', 'enterprise', {
        noCache: true,
        requires: ['newDemandMode'],
      }),
      screen('DataStatistics', '/dataStatistics', '企业数据统计', 'statistics', {
        requires: ['qiyePrimary'],
      }),
    ],
  },
  screen('EnterpriseJoin', ENTERPRISE_JOIN_PATH, '加入企业', 'enterprise', { hidden: true, noCache: true }),
  // spec §2 menus hint "medical detail": opened from a medical-equipment notice's detail (?id=), never from the
  // sidebar; selMedicalDetails gates each item like the other details.
  screen('MedicalDetail', MEDICAL_DETAIL_PATH, '医疗详情', 'bid', { hidden: true }),
];
