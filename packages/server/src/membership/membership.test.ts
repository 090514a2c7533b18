import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '../http/business-error';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import {
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newSubAccount,
} from '../test-support/membership-fixtures';
import { signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { revokeMembership } from './service';

const DAY = 86_400_000;

describe.each(testDatabaseTargets())('memberships on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const userCenter = async (user: MemberTestUser) =>
    (await callAs(server, user, 'GET', '/webchat/api/userCenter')).data;
  const periods = async (user: MemberTestUser) =>
    (await callAs(server, user, 'GET', '/webchat/api/listMemberUpgrade')).data;

  /** Time passes beyond the 24-hour session: the same phone signs in again (same account). */
  async function later(user: MemberTestUser, ms: number): Promise<MemberTestUser> {
    server.clock.advance(ms);
    return { ...user, ...(await signIn(server, user.brand, user.mobile)) };
  }

  describe('levels of a brand', () => {
    it('lists every level with its privilege values (memberList), seeded from the business rules', async () => {
      const answer = await callApi(server.app, 'GET', '/webchat/api/memberList');
      expect(answer.code).toBe(200);
      expect(answer.data.map((level: { memberCode: string }) => level.memberCode)).toEqual([
        'putong',
        'toubiaotong',
        'qiyetong',
        'qiye',
      ]);
      const [putong, toubiaotong, , qiye] = answer.data;
      expect(putong).toMatchObject({ memberName: '普通用户', onSale: false, status: 0 });
      expect(putong.privileges).toMatchObject({
        watchZhaobiao: 3,
        purchaseDetail: 0,
        downloadExpansion: false,
      });
      expect(toubiaotong).toMatchObject({ memberName: '投标通', onSale: true, status: 0 });
      expect(toubiaotong.privileges).toMatchObject({
        watchZhaobiao: 100,
        downloadProject: 500,
        havePcLogin: true,
      });
      expect(qiye).toMatchObject({ memberName: '企业版', status: 1 });
      expect(qiye.privileges).toMatchObject({ watchZhaobiao: -1, projectMonitor: 500 });
      expect(Object.keys(qiye.privileges)).toHaveLength(26);
    });

    it('offers the levels on sale to the membership modal (member types)', async () => {
      const answer = await callApi(server.app, 'GET', '/webchat/api/member/typeList');
      expect(answer.data).toEqual([
        expect.objectContaining({ memberCode: 'toubiaotong', memberName: '投标通', status: 0 }),
        expect.objectContaining({ memberCode: 'qiyetong', memberName: '企业通', status: 0 }),
        expect.objectContaining({ memberCode: 'qiye', memberName: '企业版', status: 1 }),
      ]);
    });

    it('words the comparison table per level (privilege list)', async () => {
      const { data } = await callApi(server.app, 'GET', '/webchat/api/member/privilegeList');
      expect(data.levels).toEqual([
        { memberCode: 'putong', memberName: '普通用户' },
        { memberCode: 'toubiaotong', memberName: '投标通' },
        { memberCode: 'qiyetong', memberName: '企业通' },
        { memberCode: 'qiye', memberName: '企业版' },
      ]);
      const row = (label: string) => {
        const found = data.rows.find((candidate: { label: string }) => candidate.label === label);
        return found.values.map((value: { text: string }) => value.text);
      };
      expect(data.rows[0]).toMatchObject({
        group: '每日可查看信息',
        label: '招标信息',
        keys: ['watchZhaobiao'],
      });
      expect(row('招标信息')).toEqual(['免费试用3条/天', '100条/天', '200条/天', '无限']);
      expect(row('采购意向')).toEqual(['不支持', '不支持', '50条/天', '无限']);
      expect(row('招标订阅')).toEqual([
        '1组，每组3个词',
        '10组，每组10个词',
        '20组，每组10个词',
        '50组，每组20个词',
      ]);
      expect(row('拟建项目订阅')).toEqual(['不支持', '3组', '10组', '20组']);
      expect(row('企业监控')).toEqual(['不支持', '10家', '50家', '200家']);
      expect(row('附件下载')).toEqual(['不支持', '支持', '支持', '支持']);
      expect(row('PC端查看')).toEqual(['支持', '支持', '支持', '支持']);
      expect(row('数据导出')).toEqual(['不支持', '500条/天', '2000条/天', '10000条/天']);
      expect(row('项目分析')).toEqual(['不支持', '5次/天', '20次/天', '无限']);
      expect(row('数据接口（API / MCP）调用')).toEqual([
        '免费试用200次/天',
        '1000次/天',
        '5000次/天',
        '20000次/天',
      ]);
      expect(data.rows.map((candidate: { label: string }) => candidate.label)).toHaveLength(23);
    });
  });

  describe('service periods', () => {
    it('stacks: qiyetong bought over toubiaotong runs first, then toubiaotong resumes with its remaining days', async () => {
      let user = await newMember(server, 'alpha');
      expect(await userCenter(user)).toMatchObject({
        memberCode: 'putong',
        memberName: '未开通',
        isOpenMember: false,
        upgradeList: [],
      });
      await grant(server, user, 'toubiaotong', 1, ['广东省']);
      const bought = server.clock.now().getTime();
      const [firstRow] = await periods(user);
      const toubiaoEnd = Date.parse(`${firstRow.expireDate.replace(' ', 'T')}+08:00`);
      expect(toubiaoEnd - bought).toBeGreaterThanOrEqual(28 * DAY - 1000);

      // ten days later, qiyetong for the whole country: toubiaotong pauses with what it has left
      user = await later(user, 10 * DAY);
      await grant(server, user, 'qiyetong', 1);
      const toubiaoLeft = toubiaoEnd - server.clock.now().getTime();
      const center = await userCenter(user);
      expect(center).toMatchObject({
        memberCode: 'qiyetong',
        memberName: '企业通',
        isOpenMember: true,
        primaryUser: true,
        isUsePc: 1,
      });
      expect(center.upgradeList.map((row: { memberCode: string }) => row.memberCode)).toEqual([
        'qiyetong',
        'toubiaotong',
      ]);
      const rows = await periods(user);
      expect(rows).toEqual([
        expect.objectContaining({
          levelId: 2,
          memberCode: 'qiyetong',
          memberName: '企业通',
          isActive: 0,
          payArea: '全国',
        }),
        expect.objectContaining({
          levelId: 1,
          memberCode: 'toubiaotong',
          memberName: '投标通',
          isActive: 1,
          payArea: '广东省',
        }),
      ]);
      const qiyetongEnd = Date.parse(`${rows[0].expireDate.replace(' ', 'T')}+08:00`);
      const resumedEnd = Date.parse(`${rows[1].expireDate.replace(' ', 'T')}+08:00`);
      // The test clock is real time plus an offset: on a busy machine seconds pass between the grant and the
      // read of `now`, so allow a minute — the rule under test is about days.
      expect(Math.abs(resumedEnd - qiyetongEnd - toubiaoLeft)).toBeLessThan(60_000);
      expect(center.upgradeList[0].expireDate).toBe(rows[0].expireDate.slice(0, 10));

      // qiyetong runs out: toubiaotong is back, with the same end date and its region
      user = await later(user, qiyetongEnd - server.clock.now().getTime() + 60_000);
      expect(await userCenter(user)).toMatchObject({ memberCode: 'toubiaotong', memberName: '投标通' });
      expect(await periods(user)).toEqual([
        expect.objectContaining({
          memberCode: 'toubiaotong',
          isActive: 0,
          expireDate: rows[1].expireDate,
          payArea: '广东省',
        }),
      ]);

      // and after it, the user is putong again
      user = await later(user, resumedEnd - server.clock.now().getTime() + 60_000);
      expect(await userCenter(user)).toMatchObject({
        memberCode: 'putong',
        memberName: '未开通',
        upgradeList: [],
      });
      expect(await periods(user)).toEqual([]);
    });

    it('extends a renewed level from its end date and adds the renewal’s regions', async () => {
      const user = await newMember(server, 'alpha');
      await grant(server, user, 'toubiaotong', 1, ['广东省']);
      const [once] = await periods(user);
      await grant(server, user, 'toubiaotong', 3, ['广西壮族自治区']);
      const rows = await periods(user);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ isActive: 0, payArea: '广东省，广西壮族自治区' });
      const gained =
        Date.parse(rows[0].expireDate.replace(' ', 'T')) - Date.parse(once.expireDate.replace(' ', 'T'));
      expect(gained).toBeGreaterThanOrEqual(89 * DAY);
      expect(gained).toBeLessThanOrEqual(92 * DAY);
    });

    it('sells a level whose area cannot be edited for the whole country only', async () => {
      const user = await newMember(server, 'alpha');
      const change = await grant(server, user, 'qiye', 12, ['广东省']);
      expect(change.areas).toEqual(['全国']);
      expect((await periods(user))[0]).toMatchObject({ memberCode: 'qiye', payArea: '全国' });
    });

    it('refuses unknown regions, bad month counts and unpaid levels', async () => {
      const user = await newMember(server, 'alpha');
      await expect(grant(server, user, 'toubiaotong', 1, ['火星'])).rejects.toThrow(
        '地区“火星”不是省级地区名称（例如 广东省、广西壮族自治区），或使用“全国”',
      );
      await expect(grant(server, user, 'toubiaotong', 0)).rejects.toBeInstanceOf(BusinessError);
      await expect(grant(server, user, 'putong' as 'qiye', 1)).rejects.toBeInstanceOf(BusinessError);
      expect(await periods(user)).toEqual([]);
    });

    it('revokes a level: the paused lower one takes over at once', async () => {
      const user = await newMember(server, 'alpha');
      await grant(server, user, 'toubiaotong', 1);
      await grant(server, user, 'qiyetong', 1);
      await revokeMembership(
        server.db,
        { brandId: 'alpha', userId: user.userId, level: 'qiyetong', actor: 'test' },
        server.clock.now(),
      );
      expect(await userCenter(user)).toMatchObject({ memberCode: 'toubiaotong' });
      expect(await periods(user)).toEqual([
        expect.objectContaining({ memberCode: 'toubiaotong', isActive: 0 }),
      ]);
    });

    it('writes an audit row for every grant', async () => {
      const user = await newMember(server, 'alpha');
      await grant(server, user, 'toubiaotong', 2, ['广东省']);
      const [audit] = await server.db.query<{
        action: string;
        actor: string;
        detail: Record<string, unknown>;
      }>('SELECT action, actor, detail FROM membership_audit WHERE user_id = $1', [user.userId]);
      expect(audit).toMatchObject({
        action: 'grant',
        actor: 'test',
        detail: {
          level: 'toubiaotong',
          months: 2,
          areas: ['广东省'],
          source: 'operator',
          before: { level: 'putong', expiresAt: null },
          after: { level: 'toubiaotong' },
        },
      });
    });
  });

  describe('enterprises (qiye)', () => {
    it('makes the buyer an enterprise’s main account, and its sub-accounts share the level', async () => {
      const primary = await newMember(server, 'alpha');
      const change = await grant(server, primary, 'qiye', 12);
      expect(change.createdEnterprise?.enterpriseName).toBe('测试科技有限公司');
      const sub = await newSubAccount(server, primary);

      expect(await userCenter(primary)).toMatchObject({ memberCode: 'qiye', primaryUser: true });
      expect(await userCenter(sub)).toMatchObject({
        memberCode: 'qiye',
        memberName: '企业版',
        primaryUser: false,
      });
      expect(await periods(sub)).toEqual(await periods(primary));

      // the main account's later grants go to the enterprise too; a sub-account is granted nothing itself
      await grant(server, primary, 'qiyetong', 1);
      expect((await periods(sub)).map((row: { memberCode: string }) => row.memberCode)).toEqual([
        'qiye',
        'qiyetong',
      ]);
      await expect(grant(server, sub, 'toubiaotong', 1)).rejects.toThrow('仅支持主账号购买会员');
      await expect(
        revokeMembership(
          server.db,
          { brandId: 'alpha', userId: sub.userId, actor: 'test' },
          server.clock.now(),
        ),
      ).rejects.toThrow('子账号使用所在企业的会员，请对企业主账号操作');

      // the 企业数据统计 menu is a primary qiye user's (spec §6)
      const menuTitles = async (user: MemberTestUser) =>
        JSON.stringify((await callAs(server, user, 'GET', '/webchat/api/userMenu/listMenu')).data);
      expect(await menuTitles(primary)).toContain('企业数据统计');
      expect(await menuTitles(sub)).not.toContain('企业数据统计');

      // a removed sub-account is putong again
      await callAs(server, primary, 'GET', '/webchat/api/enterprise/account/remove', { userId: sub.userId });
      expect(await userCenter(sub)).toMatchObject({
        memberCode: 'putong',
        primaryUser: true,
        upgradeList: [],
      });
    });
  });

  it('sends a member who may subscribe to proposed projects to upfront, anyone else to bidding (jump permission)', async () => {
    const putong = await newMember(server, 'alpha');
    const jump = async (user: MemberTestUser) =>
      (await callAs(server, user, 'GET', '/webchat/api/auth/jumpPermission')).data;
    expect(await jump(putong)).toBe(-1);
    await grant(server, putong, 'toubiaotong', 1);
    expect(await jump(putong)).toBe(1);
  });
});
