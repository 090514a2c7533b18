import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '../http/business-error';
import { tenantQueries } from '../tenants/queries';
import { testDatabaseTargets } from '../test-support/databases';
import {
  addTenderItems,
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newSubAccount,
  newTestBrand,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { gateService } from './service';

const GUANGDONG = '440000';
const GUANGXI = '450000';
const HUNAN = '430000';

/** The refusal fields every dialog reads, as a user without anything special sees them. */
const refusal = (fields: Record<string, unknown>) => ({
  code: 403,
  data: expect.objectContaining(fields),
  message: expect.any(String),
});

describe.each(testDatabaseTargets())('permission gates on $name', (target) => {
  let server: TestServer;
  /** A brand with small quotas: putong may try 2 pre-project details; toubiaotong 2 approvals, 1 download. */
  let small: string;
  let items: {
    gd: { yg: number[]; sp: number[]; nj: number[]; yx: number[]; zb: number[] };
    hunan: { sp: number[]; zb: number[] };
    gx: { sp: number[] };
    nowhere: { sp: number[] };
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    small = await newTestBrand(server);
    await setPrivilege(server, small, 'putong', 'preProjectDetail', 2);
    await setPrivilege(server, small, 'toubiaotong', 'shenPiProject', 2);
    await setPrivilege(server, small, 'toubiaotong', 'downloadAnnouncement', 1);
    items = {
      gd: {
        yg: await addTenderItems(server, 'yg', GUANGDONG, 4),
        sp: await addTenderItems(server, 'sp', GUANGDONG, 4),
        nj: await addTenderItems(server, 'nj', GUANGDONG, 2),
        yx: await addTenderItems(server, 'yx', GUANGDONG, 1),
        zb: await addTenderItems(server, 'zb', GUANGDONG, 3),
      },
      hunan: {
        sp: await addTenderItems(server, 'sp', HUNAN, 2),
        zb: await addTenderItems(server, 'zb', HUNAN, 1),
      },
      gx: { sp: await addTenderItems(server, 'sp', GUANGXI, 1) },
      nowhere: { sp: await addTenderItems(server, 'sp', null, 1) },
    };
    // every test counts within one China day
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  const api = {
    pcLogin: (user: MemberTestUser) => callAs(server, user, 'POST', '/webchat/api/auth/pcLoginAuth'),
    preProject: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'POST', '/webchat/api/auth/preProjectDetailAuth', { id }),
    shenPi: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'POST', '/webchat/api/auth/shenPiProjectAuth', { id }),
    designed: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'GET', '/webchat/api/auth/designedCountSeeAuth', { id }),
    improve: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'GET', '/webchat/api/auth/improveInformationAuth', { id }),
    detailLink: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'GET', '/webchat/api/auth/getDetailLinkPermission', { id }),
    download: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'POST', '/webchat/api/auth/downloadAnnouncementAuth', { id }),
    attachments: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'GET', '/webchat/api/auth/downloadAttachmentsAuth', { id }),
    predict: (user: MemberTestUser, id?: number) =>
      callAs(server, user, 'POST', '/webchat/api/auth/toubiaoPredictAuth', id === undefined ? {} : { id }),
    num: (user: MemberTestUser, type: string) =>
      callAs(server, user, 'GET', '/webchat/api/auth/getPermissionNum', { type }),
    monitor: (user: MemberTestUser) =>
      callAs(server, user, 'GET', '/webchat/api/project-monitor/getProjectMonitorPermission'),
    monitorAuth: (user: MemberTestUser) =>
      callAs(server, user, 'GET', '/webchat/api/auth/getProjectMonitorPermission'),
  };

  it('answers pcUse for a level without PC use, before anything else, and for no other level', async () => {
    const brand = await newTestBrand(server);
    await setPrivilege(server, brand, 'putong', 'havePcLogin', false);
    const putong = await newMember(server, brand);
    const paid = await newMember(server, brand);
    await grant(server, paid, 'toubiaotong', 1);

    expect(await api.pcLogin(putong)).toEqual({
      code: 403,
      message: '您当前的会员暂无PC端使用权限！',
      data: {
        type: 'pcUse',
        privilege: 'havePcLogin',
        feature: null,
        memberCode: 'putong',
        isMember: false,
        isDownLoad: false,
        memberProvince: '',
        province: '',
        phone: '400-000-0009',
        upgradeMemberCode: null,
        upgradeMemberName: '',
        limit: null,
        isUsePc: -1,
      },
    });
    // PC use comes first: the level's missing detailLink would otherwise answer member
    expect(await api.detailLink(putong, items.gd.zb[0] as number)).toEqual(refusal({ type: 'pcUse' }));
    expect((await callAs(server, putong, 'GET', '/webchat/api/userCenter')).data.isUsePc).toBe(-1);

    expect(await api.pcLogin(paid)).toEqual({
      code: 200,
      message: '成功',
      data: { privilege: 'havePcLogin', limit: -1, used: null, remaining: -1, charged: false },
    });
    expect((await callAs(server, paid, 'GET', '/webchat/api/userCenter')).data.isUsePc).toBe(1);
    // the default data gives every level PC use
    expect((await api.pcLogin(await newMember(server, 'alpha'))).code).toBe(200);
  });

  it('answers member when the level lacks the privilege, naming the lowest level that has it', async () => {
    const putong = await newMember(server, 'alpha');
    expect(await api.designed(putong, items.gd.nj[0] as number)).toEqual({
      code: 403,
      message: '您的会员权限不足！开通投标通及以上会员即可解锁该功能',
      data: expect.objectContaining({
        type: 'member',
        privilege: 'watchDesignedProject',
        memberCode: 'putong',
        isMember: false,
        upgradeMemberCode: 'toubiaotong',
        upgradeMemberName: '投标通',
        isUsePc: 1,
      }),
    });
    expect(await api.attachments(putong, items.gd.zb[0] as number)).toEqual(
      refusal({ type: 'member', privilege: 'downloadExpansion' }),
    );

    // a purchase intention needs qiyetong: the modal opened from it forces the enterprise level (spec §2)
    const bidder = await newMember(server, 'alpha');
    await grant(server, bidder, 'toubiaotong', 1);
    expect(await api.preProject(bidder, items.gd.yx[0] as number)).toEqual(
      refusal({ type: 'member', privilege: 'purchaseDetail', isMember: true, upgradeMemberCode: 'qiyetong' }),
    );
    // issue 33: the dialog says which level opens a purchase intention, not a bare 暂无权限
    expect((await api.preProject(bidder, items.gd.yx[0] as number)).message).toBe(
      '您的会员权限不足！开通企业通及以上会员即可解锁该功能',
    );
    expect((await api.preProject(bidder, items.gd.yg[0] as number)).code).toBe(200);
    expect((await api.designed(bidder, items.gd.nj[0] as number)).code).toBe(200);
    expect((await api.attachments(bidder, items.gd.zb[0] as number)).data).toEqual({
      privilege: 'downloadExpansion',
      limit: -1,
      used: null,
      remaining: -1,
      charged: false,
    });

    const enterprise = await newMember(server, 'alpha');
    await grant(server, enterprise, 'qiyetong', 1);
    expect(await api.preProject(enterprise, items.gd.yx[0] as number)).toMatchObject({
      code: 200,
      data: { privilege: 'purchaseDetail', limit: 50, used: 1, remaining: 49, charged: true },
    });
  });

  it('answers exportPermission for data export without the right, and member for other privileges', async () => {
    const putong = await newMember(server, 'alpha');
    expect(await api.num(putong, 'downloadProject')).toEqual({
      code: 403,
      message: '您暂无导出数据的权限，升级会员即可导出',
      data: expect.objectContaining({
        type: 'exportPermission',
        privilege: 'downloadProject',
        upgradeMemberCode: 'toubiaotong',
      }),
    });
    expect(await api.num(putong, 'watchCompanyPhoneBook')).toEqual(
      refusal({ type: 'member', upgradeMemberCode: 'qiyetong' }),
    );
    const bidder = await newMember(server, 'alpha');
    await grant(server, bidder, 'toubiaotong', 1);
    expect(await api.num(bidder, 'downloadProject')).toEqual({
      code: 200,
      message: '成功',
      data: { privilege: 'downloadProject', limit: 500, used: 0, remaining: 500, charged: false },
    });
    expect((await api.num(bidder, 'nonsense')).code).toBe(400);
  });

  it('refuses on the server a feature the brand hides, before the level is even looked at', async () => {
    // beta shows neither export nor analysis (test-support/test-server.ts)
    const putong = await newMember(server, 'beta');
    const paid = await newMember(server, 'beta');
    await grant(server, paid, 'qiyetong', 1);
    const hidden = (feature: string) => ({
      code: 403,
      message: '当前平台未开放该功能',
      data: expect.objectContaining({ type: null, feature, privilege: null }),
    });
    for (const user of [putong, paid]) {
      expect(await api.num(user, 'downloadProject')).toEqual(hidden('export'));
      expect(await api.num(user, 'projectAnalyzer')).toEqual(hidden('analysis'));
      expect(await api.num(user, 'bussinessAnalyzer')).toEqual(hidden('analysis'));
    }
    // what the brand offers still works, and alpha (which shows both) lets the same level export and analyse
    expect((await api.num(paid, 'watchZhaobiao')).code).toBe(200);
    const alphaPaid = await newMember(server, 'alpha');
    await grant(server, alphaPaid, 'qiyetong', 1);
    expect((await api.num(alphaPaid, 'downloadProject')).data.limit).toBe(2000);
    expect((await api.num(alphaPaid, 'projectAnalyzer')).data.limit).toBe(20);
    // and the comparison table leaves the hidden rows out on beta only
    const labels = async (brand: string) =>
      (await callAs(server, { ...putong, brand }, 'GET', '/webchat/api/member/privilegeList')).data.rows.map(
        (row: { label: string }) => row.label,
      );
    expect(await labels('beta')).not.toEqual(expect.arrayContaining(['数据导出']));
    expect(await labels('beta')).not.toEqual(expect.arrayContaining(['项目分析']));
    expect(await labels('alpha')).toEqual(
      expect.arrayContaining(['数据导出', '项目分析', '合作供应商/业主']),
    );
  });

  it('answers unPay for a purchase on a brand without online payment, and refuses sub-accounts', async () => {
    const gates = gateService(server.db);
    const caller = async (user: MemberTestUser) => {
      const tenant = await tenantQueries(server.db).find(user.brand);
      return { tenant: tenant as NonNullable<typeof tenant>, userId: user.userId, now: server.clock.now() };
    };
    // beta does not allow paying
    const refused = await gates
      .enforcePurchase(await caller(await newMember(server, 'beta')))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusinessError);
    expect(refused).toMatchObject({
      code: 403,
      message: '暂不支持在线开通会员',
      data: { type: 'unPay', feature: 'pay', privilege: null, memberCode: 'putong' },
    });
    const primary = await newMember(server, 'alpha');
    await expect(gates.enforcePurchase(await caller(primary))).resolves.toBeUndefined();
    await grant(server, primary, 'qiye', 12);
    const sub = await newSubAccount(server, primary);
    await expect(gates.enforcePurchase(await caller(sub))).rejects.toMatchObject({
      code: 403,
      message: '仅支持主账号购买会员',
      data: null,
    });
  });

  describe('regions', () => {
    it('lets a one-province member open items of that province only', async () => {
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1, ['广东省']);
      expect((await api.shenPi(member, items.gd.sp[0] as number)).code).toBe(200);
      expect(await api.shenPi(member, items.hunan.sp[0] as number)).toEqual({
        code: 403,
        message: '您的会员地区为广东省，该信息属于湖南省，您未开通，无法查看',
        data: expect.objectContaining({
          type: 'singleProvice',
          memberProvince: '广东省',
          province: '湖南省',
          memberCode: 'toubiaotong',
          isMember: true,
        }),
      });
      // the same rule for every item check, and items without a province are not restricted
      expect(await api.detailLink(member, items.hunan.zb[0] as number)).toEqual(
        refusal({ type: 'singleProvice' }),
      );
      expect(await api.attachments(member, items.hunan.zb[0] as number)).toEqual(
        refusal({ type: 'singleProvice' }),
      );
      expect((await api.shenPi(member, items.nowhere.sp[0] as number)).code).toBe(200);
      // a refused item costs nothing
      expect((await api.num(member, 'shenPiProject')).data).toMatchObject({ used: 2, remaining: 18 });
    });

    it('lets a several-province member open each of them, and shows them all when refusing', async () => {
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1, ['广东省', '广西壮族自治区']);
      expect((await api.shenPi(member, items.gd.sp[0] as number)).code).toBe(200);
      expect((await api.shenPi(member, items.gx.sp[0] as number)).code).toBe(200);
      expect(await api.shenPi(member, items.hunan.sp[0] as number)).toEqual({
        code: 403,
        message: '您的会员地区为广东省，广西壮族自治区，该信息属于湖南省，您未开通，无法查看',
        data: expect.objectContaining({
          type: 'singleProvice',
          memberProvince: '广东省，广西壮族自治区',
          province: '湖南省',
        }),
      });
    });

    it('lets a 全国 member open every province, and never restricts putong by region', async () => {
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1, ['全国']);
      for (const id of [items.gd.sp[0], items.gx.sp[0], items.hunan.sp[0]]) {
        expect((await api.shenPi(member, id as number)).code).toBe(200);
      }
      const putong = await newMember(server, small);
      expect((await api.preProject(putong, items.gd.yg[0] as number)).code).toBe(200);
    });

    it('follows the level in use: a 全国 qiyetong over a one-province toubiaotong opens every province', async () => {
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1, ['广东省']);
      await grant(server, member, 'qiyetong', 1, ['全国']);
      expect((await api.shenPi(member, items.hunan.sp[1] as number)).code).toBe(200);
    });
  });

  describe('daily quotas', () => {
    it('counts a member’s views once per item and answers usedUp (member) when they are spent', async () => {
      const member = await newMember(server, small);
      await grant(server, member, 'toubiaotong', 1);
      const [first, second, third] = items.gd.sp as [number, number, number];
      expect((await api.shenPi(member, first)).data).toEqual({
        privilege: 'shenPiProject',
        limit: 2,
        used: 1,
        remaining: 1,
        charged: true,
      });
      // the same item again the same day costs nothing
      expect((await api.shenPi(member, first)).data).toMatchObject({ used: 1, charged: false });
      expect((await api.shenPi(member, second)).data).toMatchObject({ used: 2, remaining: 0, charged: true });
      expect(await api.shenPi(member, third)).toEqual({
        code: 403,
        message: '您今日的查看次数已用完',
        data: expect.objectContaining({
          type: 'usedUp',
          privilege: 'shenPiProject',
          isMember: true,
          isDownLoad: false,
          upgradeMemberCode: null,
          limit: 2,
        }),
      });
      // items already seen today stay open
      expect((await api.shenPi(member, second)).code).toBe(200);
      // the quota is this privilege's only
      expect((await api.detailLink(member, third)).code).toBe(200);
      // getPermissionNum reports without spending, and does not refuse a spent quota
      expect((await api.num(member, 'shenPiProject')).data).toMatchObject({ used: 2, remaining: 0 });

      // a new day in Asia/Shanghai starts a new count
      advanceToChinaHour(server, 0);
      expect((await api.shenPi(member, third)).data).toMatchObject({ used: 1, remaining: 1, charged: true });
      advanceToChinaHour(server, 10);
    });

    it('answers usedUp (free trial) to a non-member whose trial is spent, offering the lowest level', async () => {
      const putong = await newMember(server, small);
      const [first, second, third] = items.gd.yg as [number, number, number];
      expect((await api.preProject(putong, first)).data).toMatchObject({ limit: 2, used: 1 });
      expect((await api.preProject(putong, second)).data).toMatchObject({ used: 2, remaining: 0 });
      expect(await api.preProject(putong, third)).toEqual({
        code: 403,
        message: '您的免费试用次数已用完！',
        data: expect.objectContaining({
          type: 'usedUp',
          isMember: false,
          isDownLoad: false,
          memberCode: 'putong',
          upgradeMemberCode: 'toubiaotong',
          upgradeMemberName: '投标通',
          // the dialog's 每日可免费查看 2 条，次日 0 点恢复 (this brand's trial is 2)
          limit: 2,
        }),
      });
    });

    it('answers usedUp (download) when the daily download limit is reached', async () => {
      const member = await newMember(server, small);
      await grant(server, member, 'toubiaotong', 1);
      expect((await api.download(member, items.gd.zb[0] as number)).data).toMatchObject({
        limit: 1,
        used: 1,
      });
      expect(await api.download(member, items.gd.zb[1] as number)).toEqual({
        code: 403,
        message: '您今日的公告下载次数已达上限，请明日再下载',
        data: expect.objectContaining({ type: 'usedUp', isDownLoad: true, isMember: true, limit: 1 }),
      });
    });

    it('gives sub-accounts the enterprise’s level but counters of their own', async () => {
      const primary = await newMember(server, small);
      await grant(server, primary, 'qiye', 12);
      await setPrivilege(server, small, 'qiye', 'shenPiProject', 2);
      const sub = await newSubAccount(server, primary);
      const center = (await callAs(server, sub, 'GET', '/webchat/api/userCenter')).data;
      expect(center).toMatchObject({
        memberCode: 'qiye',
        memberName: '企业版',
        primaryUser: false,
        isOpenMember: true,
      });

      const [first, second, third] = items.gd.sp as [number, number, number];
      await api.shenPi(primary, first);
      await api.shenPi(primary, second);
      expect(await api.shenPi(primary, third)).toEqual(refusal({ type: 'usedUp', memberCode: 'qiye' }));
      // the sub-account's own two views are still there
      expect((await api.shenPi(sub, first)).data).toMatchObject({ used: 1, charged: true });
      expect((await api.shenPi(sub, second)).data).toMatchObject({ used: 2 });
      expect(await api.shenPi(sub, third)).toEqual(refusal({ type: 'usedUp' }));
    });

    it('checks the bidder prediction without spending it unless an item is named', async () => {
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1);
      expect((await api.predict(member)).data).toEqual({
        privilege: 'toubiaoPredict',
        limit: 5,
        used: 0,
        remaining: 5,
        charged: false,
      });
      expect((await api.predict(member, items.gd.zb[0])).data).toMatchObject({ used: 1, charged: true });
      expect((await api.predict(member)).data).toMatchObject({ used: 1, charged: false });
      expect(await api.predict(await newMember(server, 'alpha'))).toEqual(refusal({ type: 'member' }));
    });
  });

  it('reports the project-monitor allowance under both paths', async () => {
    const putong = await newMember(server, 'alpha');
    expect(await api.monitor(putong)).toEqual(refusal({ type: 'member', privilege: 'projectMonitor' }));
    const member = await newMember(server, 'alpha');
    await grant(server, member, 'toubiaotong', 1);
    const allowance = { privilege: 'projectMonitor', limit: 20, used: null, remaining: null, charged: false };
    expect((await api.monitor(member)).data).toEqual(allowance);
    expect((await api.monitorAuth(member)).data).toEqual(allowance);
  });

  it('answers 404 for an unknown item or one of another type', async () => {
    const member = await newMember(server, 'alpha');
    await grant(server, member, 'qiye', 1);
    const notFound = { code: 404, data: null, message: '该信息不存在或已删除' };
    expect(await api.shenPi(member, 999_999_999)).toEqual(notFound);
    expect(await api.shenPi(member, items.gd.zb[0] as number)).toEqual(notFound);
    expect(await api.designed(member, items.gd.sp[0] as number)).toEqual(notFound);
    expect(await api.improve(member, items.gd.nj[0] as number)).toMatchObject({ code: 200 });
    expect((await api.shenPi(member, 0)).code).toBe(400);
  });
});
