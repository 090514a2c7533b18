import type { MenuItem } from '@tender/contracts';
import { MEMBER_CODES } from '@tender/domain';
import { describe, expect, it } from 'vitest';
import { MENU, type MenuEntry } from './menu-definition';
import { type MenuAudience, visibleMenu } from './visible-menu';

/** A brand with every switch on, seen by a qiye main account: nothing is filtered. */
const everything: MenuAudience = {
  showAnalysis: true,
  showExport: true,
  allowPay: true,
  newDemandMode: true,
  primaryUser: true,
  memberCode: 'qiye',
};

function names(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.name, ...names(item.children ?? [])]);
}

function paths(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.path, ...paths(item.children ?? [])]);
}

const ALL_NAMES = names(visibleMenu(MENU, everything));

function removedFor(audience: Partial<MenuAudience>): string[] {
  const shown = new Set(names(visibleMenu(MENU, { ...everything, ...audience })));
  return ALL_NAMES.filter((name) => !shown.has(name));
}

describe('visibleMenu', () => {
  it('shows every screen of spec §2 to a qiye main account of a brand with every switch on', () => {
    expect(paths(visibleMenu(MENU, everything))).toEqual([
      '/dashboard',
      '/subscribe',
      '/subscribe/bidding',
      '/subscribe/upfront',
      '/subscribe/expiring',
      '/informationQuery',
      '/informationQuery/bid',
      '/monitor',
      '/monitor/owner',
      '/monitor/rival',
      '/monitor/agent',
      '/monitor/project',
      '/myFocus',
      '/enterpriseAnalysis',
      '/enterpriseAnalysis/informationQuery/erterInformation',
      '/enterpriseAnalysis/informationQuery/marketAnalysis',
      '/dataExport',
      '/myExport',
      '/BrowsingHistory',
      '/user',
      '/infoEdit',
      '/myOrder',
      '/myCoupon',
      '/enterpriseEdit',
      '/dataStatistics',
      '/enterpriseJoin',
      '/medicalDetail',
    ]);
    expect(new Set(ALL_NAMES).size).toBe(ALL_NAMES.length);
  });

  it('answers each entry in the wire shape: groups redirect to their first child, screens carry their key', () => {
    const menu = visibleMenu(MENU, everything);
    expect(menu.find((item) => item.name === 'Subscribe')).toEqual({
      name: 'Subscribe',
      path: '/subscribe',
      component: 'Layout',
      hidden: false,
      alwaysShow: true,
      redirect: '/subscribe/bidding',
      meta: { title: '订阅管理', icon: 'subscribe', noCache: false },
      children: [
        {
          name: 'Bidding',
          path: '/subscribe/bidding',
          component: 'subscribe/bidding',
          hidden: false,
          alwaysShow: false,
          meta: { title: '招标订阅', icon: 'bidding', noCache: false },
        },
        {
          name: 'Upfront',
          path: '/subscribe/upfront',
          component: 'subscribe/upfront',
          hidden: false,
          alwaysShow: false,
          meta: { title: '拟建项目订阅', icon: 'upfront', noCache: false },
        },
        {
          name: 'Expiring',
          path: '/subscribe/expiring',
          component: 'subscribe/expiring',
          hidden: false,
          alwaysShow: false,
          meta: { title: '即将到期', icon: 'expiring', noCache: false },
        },
      ],
    });
    const userCenter = menu.find((item) => item.name === 'UserCenter');
    const noCache = (userCenter?.children ?? []).filter((item) => item.meta.noCache).map((item) => item.path);
    expect(noCache).toEqual(['/infoEdit', '/enterpriseEdit']);
    expect(menu.find((item) => item.name === 'EnterpriseJoin')).toMatchObject({
      hidden: true,
      component: 'enterpriseJoin',
    });
    expect(menu.find((item) => item.name === 'MedicalDetail')).toMatchObject({
      path: '/medicalDetail',
      hidden: true,
      component: 'medicalDetail',
      meta: { title: '医疗详情' },
    });
  });

  it('removes the analysis entries when the brand hides analysis', () => {
    expect(removedFor({ showAnalysis: false })).toEqual([
      'EnterpriseAnalysis',
      'ErterInformation',
      'MarketAnalysis',
    ]);
  });

  it('removes the export entries when the brand hides export', () => {
    expect(removedFor({ showExport: false })).toEqual(['DataExport', 'MyExport']);
  });

  it('removes 我的订单 and coupons when the brand does not sell online', () => {
    expect(removedFor({ allowPay: false })).toEqual(['MyOrder', 'MyCoupon']);
  });

  it('shows 企业管理 only in the new-demand mode', () => {
    expect(removedFor({ newDemandMode: false })).toEqual(['EnterpriseEdit']);
  });

  it('shows 企业数据统计 only to a main account whose member code is qiye', () => {
    expect(removedFor({ primaryUser: false })).toEqual(['DataStatistics']);
    for (const memberCode of MEMBER_CODES) {
      expect(removedFor({ memberCode }), memberCode).toEqual(memberCode === 'qiye' ? [] : ['DataStatistics']);
      expect(removedFor({ memberCode, primaryUser: false }), memberCode).toEqual(['DataStatistics']);
    }
  });

  it('combines the conditions: a brand with analysis, export and payment off and a putong user', () => {
    expect(
      removedFor({
        showAnalysis: false,
        showExport: false,
        allowPay: false,
        newDemandMode: false,
        memberCode: 'putong',
      }),
    ).toEqual([
      'EnterpriseAnalysis',
      'ErterInformation',
      'MarketAnalysis',
      'DataExport',
      'MyExport',
      'MyOrder',
      'MyCoupon',
      'EnterpriseEdit',
      'DataStatistics',
    ]);
  });

  it('drops a group left without children and redirects a group to its first visible remaining child', () => {
    const definition: MenuEntry[] = [
      {
        name: 'Group',
        path: '/group',
        component: 'Layout',
        title: '分组',
        icon: 'group',
        children: [
          {
            name: 'Paid',
            path: '/group/paid',
            component: 'group/paid',
            title: '付费',
            icon: 'x',
            requires: ['pay'],
          },
          {
            name: 'Secret',
            path: '/group/secret',
            component: 'group/secret',
            title: '隐藏',
            icon: 'x',
            hidden: true,
          },
          { name: 'Open', path: '/group/open', component: 'group/open', title: '公开', icon: 'x' },
        ],
      },
      {
        name: 'Empty',
        path: '/empty',
        component: 'Layout',
        title: '空',
        icon: 'x',
        children: [
          {
            name: 'Export',
            path: '/empty/export',
            component: 'empty/export',
            title: '导出',
            icon: 'x',
            requires: ['export'],
          },
        ],
      },
    ];
    expect(visibleMenu(definition, everything).map((item) => [item.name, item.redirect])).toEqual([
      ['Group', '/group/paid'],
      ['Empty', '/empty/export'],
    ]);
    const filtered = visibleMenu(definition, { ...everything, allowPay: false, showExport: false });
    expect(filtered.map((item) => [item.name, item.redirect])).toEqual([['Group', '/group/open']]);
    expect(names(filtered)).toEqual(['Group', 'Secret', 'Open']);
  });
});
