import type { MenuItem } from '@tender/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise } from '../enterprise/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, type SignedInUser, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

function names(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.name, ...names(item.children ?? [])]);
}

/**
 * What a putong user sees in a brand with every switch on (alpha: analysis, export, payment, new-demand mode).
 * 企业数据统计 is missing: it needs a qiye main account (visible-menu.test.ts covers that level, which only
 * memberships will grant).
 */
const ALPHA_PUTONG = [
  'Dashboard',
  'Subscribe',
  'Bidding',
  'Upfront',
  'Expiring',
  'InformationQuery',
  'Bid',
  'Monitor',
  'OwnerMonitor',
  'RivalMonitor',
  'AgentMonitor',
  'ProjectMonitor',
  'MyFocus',
  'EnterpriseAnalysis',
  'ErterInformation',
  'MarketAnalysis',
  'DataExport',
  'MyExport',
  'BrowsingHistory',
  'UserCenter',
  'InfoEdit',
  'MyOrder',
  'MyCoupon',
  'EnterpriseEdit',
  'EnterpriseJoin',
  'MedicalDetail',
];

describe.each(testDatabaseTargets())('menus on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const listMenu = (user: SignedInUser, brand = 'alpha') =>
    callApi<MenuItem[]>(server.app, 'GET', '/webchat/api/userMenu/listMenu', {
      headers: user.headers,
      brand,
      version: brand === 'beta' ? 19 : 20,
    });

  it('gives a user of a brand with every switch on all screens but 企业数据统计', async () => {
    const user = await signIn(server, 'alpha', newMobile());
    const menu = await listMenu(user);
    expect(menu.code).toBe(200);
    expect(names(menu.data)).toEqual(ALPHA_PUTONG);
    const analysis = menu.data.find((item) => item.name === 'EnterpriseAnalysis');
    expect(analysis).toMatchObject({
      path: '/enterpriseAnalysis',
      component: 'Layout',
      redirect: '/enterpriseAnalysis/informationQuery/erterInformation',
      meta: { title: '企业分析' },
    });
    expect(analysis?.children?.map((child) => [child.path, child.component, child.meta.title])).toEqual([
      [
        '/enterpriseAnalysis/informationQuery/erterInformation',
        'enterpriseAnalysis/informationQuery/erterInformation',
        '查企业',
      ],
      [
        '/enterpriseAnalysis/informationQuery/marketAnalysis',
        'enterpriseAnalysis/informationQuery/marketAnalysis',
        '招投标市场分析',
      ],
    ]);
  });

  it('removes analysis, export, payment and enterprise management in a brand with those switched off', async () => {
    const user = await signIn(server, 'beta', newMobile(), { version: 19 });
    const menu = await listMenu(user, 'beta');
    expect(menu.code).toBe(200);
    const shown = names(menu.data);
    expect(ALPHA_PUTONG.filter((name) => !shown.includes(name))).toEqual([
      'EnterpriseAnalysis',
      'ErterInformation',
      'MarketAnalysis',
      'DataExport',
      'MyExport',
      'MyOrder',
      'MyCoupon',
      'EnterpriseEdit',
    ]);
    expect(shown.filter((name) => !ALPHA_PUTONG.includes(name))).toEqual([]);
    expect(
      menu.data.find((item) => item.name === 'UserCenter')?.children?.map((child) => child.path),
    ).toEqual(['/infoEdit']);
  });

  it('follows the brand row in the database: an operator switching a flag changes the menu', async () => {
    const user = await signIn(server, 'alpha', newMobile());
    await server.db.query('UPDATE brand SET show_export = false WHERE id = $1', ['alpha']);
    try {
      const shown = names((await listMenu(user)).data);
      expect(ALPHA_PUTONG.filter((name) => !shown.includes(name))).toEqual(['DataExport', 'MyExport']);
    } finally {
      await server.db.query('UPDATE brand SET show_export = true WHERE id = $1', ['alpha']);
    }
  });

  it('shows 企业数据统计 neither to the main account nor to a sub-account of an enterprise without the qiye level', async () => {
    const primary = await signIn(server, 'alpha', newMobile());
    await createEnterprise(
      server.db,
      { brandId: 'alpha', primaryUserId: primary.userId },
      server.clock.now(),
    );
    const invite = await callApi(server.app, 'POST', '/webchat/api/enterprise/account/invite-qrcode', {
      headers: primary.headers,
      params: { primaryUserId: primary.userId },
    });
    const sub = await signIn(server, 'alpha', newMobile());
    await callApi(server.app, 'POST', '/webchat/api/enterprise/account/join', {
      headers: sub.headers,
      params: { invite: invite.data.invite },
    });
    expect(
      (await callApi(server.app, 'POST', '/webchat/api/getSubAccount', { headers: sub.headers })).data
        .relation,
    ).toBe('subAccount');
    expect(names((await listMenu(primary)).data)).toEqual(ALPHA_PUTONG);
    expect(names((await listMenu(sub)).data)).toEqual(ALPHA_PUTONG);
  });

  it('needs a signed-in user with a complete profile, of the same brand', async () => {
    const anonymous = await callApi(server.app, 'GET', '/webchat/api/userMenu/listMenu');
    expect(anonymous.code).toBe(401);
    const incomplete = await signIn(server, 'alpha', newMobile(), { completeProfile: false });
    expect((await listMenu(incomplete)).code).toBe(430);
    const alphaUser = await signIn(server, 'alpha', newMobile());
    expect((await listMenu(alphaUser, 'beta')).code).toBe(401);
  });
});
