import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaDay } from '../gates/quota';
import { testDatabaseTargets } from '../test-support/databases';
import {
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newTestBrand,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { detailQueries } from './queries';
import { VIEW_PRIVILEGES } from './service';
import {
  addConstruction,
  addProcurement,
  type ConstructionIds,
  PHONES,
  type ProcurementIds,
} from './test-fixtures';

const HUNAN = '430000';

const refusal = (fields: Record<string, unknown>) => ({
  code: 403,
  data: expect.objectContaining(fields),
  message: expect.any(String),
});

describe.each(testDatabaseTargets())('details on $name', (target) => {
  let server: TestServer;
  /** Small quotas: putong may try 2 tender views; toubiaotong 3 views, 1 download, 2 source links. */
  let small: string;
  let shenzhen: ProcurementIds & { projectName: string; tag: string };
  let hunan: ProcurementIds;
  let jinan: ConstructionIds & { tag: string };

  beforeAll(async () => {
    server = await startTestServer(target);
    small = await newTestBrand(server);
    await setPrivilege(server, small, 'putong', 'watchZhaobiao', 2);
    await setPrivilege(server, small, 'toubiaotong', 'watchZhaobiao', 3);
    await setPrivilege(server, small, 'toubiaotong', 'downloadAnnouncement', 1);
    await setPrivilege(server, small, 'toubiaotong', 'detailLink', 2);
    await setPrivilege(server, small, 'qiyetong', 'watchDesignedProjectConnector', -1);
    shenzhen = await addProcurement(server);
    hunan = await addProcurement(server, { provinceCode: HUNAN, cityCode: '430100' });
    jinan = await addConstruction(server);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  const api = {
    tender: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'POST', '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails', { id }),
    award: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'POST', '/webchat/api/zhaozhongbiaoDetails/selZhongbiaoDetails', { id }),
    project: (user: MemberTestUser, id: number, showContact?: boolean) =>
      callAs(
        server,
        user,
        'POST',
        '/webchat/api/designedInfo/selDesignedInfo',
        showContact === undefined ? { id } : { id, showContact },
      ),
    link: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'GET', '/webchat/api/zhaozhongbiaoDetails/getDetailLink', { id }),
    documents: (user: MemberTestUser, id: number) =>
      callAs(server, user, 'POST', '/webchat/api/zhaozhongbiaoDetails/getProjectDocuments', { id }),
    used: async (user: MemberTestUser, type: string) =>
      (await callAs(server, user, 'GET', '/webchat/api/auth/getPermissionNum', { type })).data.used,
    download: (user: MemberTestUser | undefined, query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/webchat/api/zhaozhongbiaoDetails/downloadDocument?${query}&brand=${user?.brand ?? 'alpha'}&version=20`,
        headers: user?.headers,
      }),
  };

  const paid = async (brand: string, level: 'toubiaotong' | 'qiyetong', areas = ['全国']) => {
    const user = await newMember(server, brand);
    await grant(server, user, level, 1, areas);
    return user;
  };

  it('answers a tender detail with everything its screen shows, costing watchZhaobiao once per item per day', async () => {
    const user = await paid('alpha', 'toubiaotong');
    const answer = await api.tender(user, shenzhen.zb);
    expect(answer.code).toBe(200);
    const detail = answer.data;
    expect(detail).toMatchObject({
      id: shenzhen.zb,
      type: 'zb',
      typeName: '招标公告',
      noticeKind: null,
      procurementMethod: 'gk',
      procurementMethodName: '公开招标',
      title: `${shenzhen.projectName}公开招标公告`,
      projectName: shenzhen.projectName,
      projectCode: `SZNS-2026-${shenzhen.tag}`,
      provinceCode: '440000',
      provinceName: '广东省',
      cityName: '深圳市',
      districtName: '南山区',
      regionText: '广东省 深圳市 南山区',
      industryCode: '27',
      industryName: '医药制造业',
      publishDate: '2026-03-02',
      // given as China time, answered as China time
      documentsFrom: '2026-03-03 09:00:00',
      documentsUntil: '2026-03-09 17:00:00',
      bidDeadline: '2026-03-23 09:30:00',
      openingTime: '2026-03-23 09:30:00',
      budget: {
        fen: 123_456_700,
        yuan: 1_234_567,
        yuanText: '1234567元',
        wanYuan: 123.4567,
        wanYuanText: '123.46万元',
        raw: '1,234,567.00元',
      },
      award: null,
      winners: [],
      candidates: [],
      contactVisible: true,
      sourceName: '广东省政府采购网',
      hasSourceLink: true,
      sources: [{ name: '广东省政府采购网', hasLink: true }],
      project: null,
      isCollect: false,
      pass: { privilege: 'watchZhaobiao', limit: 100, used: 1, remaining: 99, charged: true },
    });
    expect(detail.purchasers).toEqual([
      {
        companyId: expect.any(Number),
        name: `深圳市南山区人民医院${shenzhen.tag}`,
        role: 'purchaser',
        roleName: '采购人',
        lot: '',
        rank: null,
        amount: null,
        contactName: '王建国',
        contactPhone: PHONES.purchaser,
        address: '深圳市南山区桃园路89号',
      },
    ]);
    expect(detail.agencies).toMatchObject([{ roleName: '代理机构', contactPhone: PHONES.agency }]);
    expect(detail.body).toContain(PHONES.purchaser);
    // the project's notices, oldest first: 意向 → 公告 → 更正 → 结果
    expect(
      detail.timeline.map((entry: { id: number; typeName: string; current: boolean }) => [
        entry.id,
        entry.typeName,
        entry.current,
      ]),
    ).toEqual([
      [shenzhen.yx, '采购意向', false],
      [shenzhen.yg, '招标预告/商机', false],
      [shenzhen.zb, '招标公告', true],
      [shenzhen.bg, '更正/变更/终止公告', false],
      [shenzhen.jg, '中标/成交结果', false],
    ]);
    expect(detail.timeline[3].noticeKindName).toBe('更正公告');

    // the same item again today: free
    expect((await api.tender(user, shenzhen.zb)).data.pass).toMatchObject({ used: 1, charged: false });
    // a correction costs the same privilege
    expect((await api.tender(user, shenzhen.bg)).data).toMatchObject({
      typeName: '更正/变更/终止公告',
      noticeKindName: '更正公告',
      pass: { privilege: 'watchZhaobiao', used: 2, charged: true },
    });
    // the permission check before a view and the view itself cost once together
    expect(await api.used(user, 'watchZhaobiao')).toBe(2);
  });

  it('reads the items of views that arrive together in one statement, each with its own viewer’s spend', async () => {
    const [paid, other] = [await newMember(server, 'alpha'), await newMember(server, 'alpha')];
    await grant(server, paid, 'qiyetong', 1);
    expect((await api.tender(paid, shenzhen.zb)).code).toBe(200);
    const day = quotaDay(server.clock.now());
    const read = await detailQueries(server.db).findItemViews(
      [
        { id: shenzhen.zb, userId: other.userId, day },
        { id: 2 ** 40, userId: paid.userId, day },
        { id: hunan.zb, userId: paid.userId, day },
        { id: shenzhen.zb, userId: paid.userId, day },
      ],
      VIEW_PRIVILEGES,
    );
    expect(read.map((item) => item?.id)).toEqual([shenzhen.zb, undefined, hunan.zb, shenzhen.zb]);
    expect(read.map((item) => item?.viewSpend)).toEqual([
      { recorded: false, used: 0 },
      undefined,
      { recorded: false, used: 1 },
      { recorded: true, used: 1 },
    ]);
  });

  it("refuses putong's spent free trial with usedUp, and opens again the next day", async () => {
    const putong = await newMember(server, small);
    expect((await api.tender(putong, shenzhen.zb)).data.pass).toMatchObject({ limit: 2, used: 1 });
    expect((await api.tender(putong, shenzhen.bg)).data.pass).toMatchObject({ used: 2 });
    expect((await api.tender(putong, shenzhen.zb)).code).toBe(200);
    expect(await api.tender(putong, shenzhen.jg)).toEqual({
      code: 403,
      message: '您的免费试用次数已用完！',
      data: expect.objectContaining({
        type: 'usedUp',
        privilege: 'watchZhaobiao',
        memberCode: 'putong',
        isMember: false,
        isDownLoad: false,
        upgradeMemberCode: 'toubiaotong',
        // 每日可免费查看 2 条，次日 0 点恢复 (this brand's trial is 2)
        limit: 2,
      }),
    });
    // the award detail spends the same privilege
    expect(await api.award(putong, shenzhen.jg)).toEqual(refusal({ type: 'usedUp', isMember: false }));
    // a view already paid for stays free once the day is spent
    expect((await api.tender(putong, shenzhen.bg)).data.pass).toMatchObject({ used: 2, charged: false });

    advanceToChinaHour(server, 10);
    const again = await newMember(server, small);
    expect((await api.tender(again, shenzhen.jg)).code).toBe(200);
    // a member's spent day is the "today's views are used up" dialog
    const member = await paid(small, 'toubiaotong');
    for (const id of [shenzhen.zb, shenzhen.bg, shenzhen.jg])
      expect((await api.tender(member, id)).code).toBe(200);
    expect(await api.tender(member, shenzhen.lone)).toEqual({
      code: 403,
      message: '您今日的查看次数已用完',
      data: expect.objectContaining({ type: 'usedUp', isMember: true, memberCode: 'toubiaotong' }),
    });
  });

  it('refuses member for a level without the privilege and singleProvice outside the purchased regions', async () => {
    const bidder = await paid('alpha', 'toubiaotong', ['广东省']);
    // 采购意向 needs qiyetong (purchaseDetail)
    expect(await api.tender(bidder, shenzhen.yx)).toEqual({
      code: 403,
      message: '您的会员权限不足！开通企业通及以上会员即可解锁该功能',
      data: expect.objectContaining({
        type: 'member',
        privilege: 'purchaseDetail',
        isMember: true,
        upgradeMemberCode: 'qiyetong',
        upgradeMemberName: '企业通',
      }),
    });
    expect(await api.tender(bidder, hunan.zb)).toEqual({
      code: 403,
      message: '您的会员地区为广东省，该信息属于湖南省，您未开通，无法查看',
      data: expect.objectContaining({
        type: 'singleProvice',
        privilege: 'watchZhaobiao',
        memberProvince: '广东省',
        province: '湖南省',
      }),
    });
    expect((await api.tender(bidder, shenzhen.zb)).code).toBe(200);
    // refusals cost nothing
    expect(await api.used(bidder, 'watchZhaobiao')).toBe(1);

    const enterprise = await paid('alpha', 'qiyetong');
    expect((await api.tender(enterprise, shenzhen.yx)).data).toMatchObject({
      type: 'yx',
      typeName: '采购意向',
      expectedPurchaseMonth: '2026-03',
      pass: { privilege: 'purchaseDetail', limit: 50, used: 1, charged: true },
    });
    // 招标预告 spends preProjectDetail
    expect((await api.tender(bidder, shenzhen.yg)).data).toMatchObject({
      type: 'yg',
      typeName: '招标预告/商机',
      pass: { privilege: 'preProjectDetail', limit: 20, used: 1, charged: true },
    });
    expect(await api.tender(await newMember(server, 'alpha'), shenzhen.yg)).toEqual(
      refusal({ type: 'member', privilege: 'preProjectDetail', upgradeMemberCode: 'toubiaotong' }),
    );
    // putong is not region-restricted: it has the trial
    expect((await api.tender(await newMember(server, 'alpha'), hunan.zb)).code).toBe(200);
  });

  it('masks contacts and phone numbers in parties and text for putong, and shows them to paid levels', async () => {
    const putong = await newMember(server, 'alpha');
    const masked = (await api.tender(putong, shenzhen.zb)).data;
    expect(masked.contactVisible).toBe(false);
    expect(masked.purchasers[0]).toMatchObject({ contactName: '王**', contactPhone: '138****5678' });
    expect(masked.agencies[0]).toMatchObject({ contactName: '李*', contactPhone: '075****1234' });
    expect(masked.body).not.toContain(PHONES.purchaser);
    expect(masked.body).not.toContain('26881234');
    expect(masked.body).not.toContain('王建国');
    expect(masked.body).toContain('联系方式：王** 138****5678');
    // the project code and amounts are not phone numbers
    expect(masked.body).toContain(`SZNS-2026-${shenzhen.tag}`);
    expect(masked.body).toContain('1,234,567.00元');
    // a phone the parties do not state is masked too
    const lone = (await api.tender(putong, shenzhen.lone)).data;
    expect(lone.body).toContain('联系人：赵** 020****4321');
    expect(lone).toMatchObject({ timeline: [{ id: shenzhen.lone, current: true }], hasSourceLink: false });

    const member = await paid('alpha', 'toubiaotong');
    const clear = (await api.tender(member, shenzhen.zb)).data;
    expect(clear.contactVisible).toBe(true);
    expect(clear.purchasers[0]).toMatchObject({ contactName: '王建国', contactPhone: PHONES.purchaser });
    expect(clear.body).toContain(`联系方式：王建国 ${PHONES.purchaser}`);
  });

  it('answers an award with its winners by lot and its candidates through selZhongbiaoDetails', async () => {
    const member = await paid('alpha', 'toubiaotong');
    const answer = await api.award(member, shenzhen.jg);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      type: 'jg',
      noticeKind: 'award',
      noticeKindName: '中标结果',
      award: { fen: 108_500_000, yuanText: '1085000元', wanYuanText: '108.5万元', raw: '108.5万元' },
      pass: { privilege: 'watchZhaobiao', used: 1, charged: true },
    });
    expect(answer.data.winners).toMatchObject([
      {
        name: `深圳迈瑞医疗器械经销有限公司${shenzhen.tag}`,
        roleName: '中标供应商',
        lot: '包1',
        amount: { wanYuanText: '60.5万元' },
        contactName: '陈晓梅',
        contactPhone: PHONES.winner,
      },
      { name: `广州康达医疗科技有限公司${shenzhen.tag}`, lot: '包2', amount: { wanYuanText: '48万元' } },
    ]);
    expect(
      answer.data.candidates.map((candidate: { rank: number; roleName: string }) => [
        candidate.rank,
        candidate.roleName,
      ]),
    ).toEqual([
      [1, '中标候选人'],
      [2, '中标候选人'],
    ]);
    // the same award through selZhaobiaoDetails: the same item, so free today
    expect((await api.tender(member, shenzhen.jg)).data.pass).toMatchObject({ used: 1, charged: false });
    // only awards here; only announcements there; projects have their own screen
    expect((await api.award(member, shenzhen.zb)).code).toBe(404);
    expect(await api.tender(member, jinan.nj)).toEqual({
      code: 404,
      data: null,
      message: '该信息不存在或已删除',
    });
    expect((await api.tender(member, 999_999_999)).code).toBe(404);
    expect(await api.used(member, 'watchZhaobiao')).toBe(1);
  });

  it('answers 拟建 and 审批 records through selDesignedInfo with their own privileges and facts', async () => {
    const putong = await newMember(server, 'alpha');
    expect(await api.project(putong, jinan.nj)).toEqual(
      refusal({ type: 'member', privilege: 'watchDesignedProject', upgradeMemberCode: 'toubiaotong' }),
    );
    expect(await api.project(putong, jinan.sp)).toEqual(
      refusal({ type: 'member', privilege: 'shenPiProject', upgradeMemberCode: 'toubiaotong' }),
    );

    const member = await paid('alpha', 'toubiaotong');
    const proposed = await api.project(member, jinan.nj);
    expect(proposed.code).toBe(200);
    expect(proposed.data).toMatchObject({
      type: 'nj',
      typeName: '拟建项目',
      regionText: '山东省 济南市 市中区',
      purchasers: [{ roleName: '建设单位', contactName: '任**', contactPhone: '183****0456' }],
      contactVisible: false,
      project: {
        stageCode: 'lx',
        stageName: '项目建议书/立项',
        phaseName: '立项决策',
        totalInvestment: { fen: 9_457_000_000, wanYuanText: '9,457万元', yuanText: '94570000元' },
        constructionSite: '山东省济南市市中区光明路以西、东风路以北',
        plannedStart: '2026-09-01',
        plannedEnd: '2028-04-30',
      },
      pass: { privilege: 'watchDesignedProject', limit: 20, used: 1, charged: true },
    });
    expect(proposed.data.body).not.toContain(PHONES.owner);
    expect(proposed.data.timeline.map((entry: { type: string }) => entry.type)).toEqual(['nj', 'sp']);

    const approval = await api.project(member, jinan.sp);
    expect(approval.data).toMatchObject({
      type: 'sp',
      typeName: '审批项目',
      project: {
        stageCode: 'kxx',
        stageName: '可行性研究报告',
        approvalAuthority: '济南市市中区发展和改革局',
        approvalCode: `2026-370103-47-01-${jinan.tag}`,
        documentNumber: '市发改〔2026〕47号',
        approvalResult: '同意',
        approvalDate: '2026-02-22',
      },
      pass: { privilege: 'shenPiProject', limit: 20, used: 1, charged: true },
    });
    expect((await api.project(member, shenzhen.zb)).code).toBe(404);
  });

  it('shows a project’s contacts once watchDesignedProjectConnector is spent on it, or always when unlimited', async () => {
    const member = await paid('alpha', 'toubiaotong');
    expect((await api.project(member, jinan.nj)).data.contactVisible).toBe(false);
    // improveInformationAuth (完善信息) unlocks them for the day; the detail then shows them without a new view use
    const unlock = await callAs(server, member, 'GET', '/webchat/api/auth/improveInformationAuth', {
      id: jinan.nj,
    });
    expect(unlock.data).toMatchObject({ privilege: 'watchDesignedProjectConnector', used: 1 });
    const shown = (await api.project(member, jinan.nj)).data;
    expect(shown).toMatchObject({
      contactVisible: true,
      purchasers: [{ contactName: '任秀兰', contactPhone: PHONES.owner }],
      pass: { used: 1, charged: false },
    });
    expect(shown.body).toContain(PHONES.owner);
    // showContact unlocks in the same call (the 审批 record here)
    expect((await api.project(member, jinan.sp)).data.contactVisible).toBe(false);
    expect((await api.project(member, jinan.sp, true)).data.contactVisible).toBe(true);
    expect(await api.used(member, 'watchDesignedProjectConnector')).toBe(2);
    expect(await api.used(member, 'shenPiProject')).toBe(1);

    // putong has no connector: showContact answers its dialog
    const putongBrand = await newTestBrand(server);
    await setPrivilege(server, putongBrand, 'putong', 'watchDesignedProject', 5);
    const putong = await newMember(server, putongBrand);
    expect(await api.project(putong, jinan.nj, true)).toEqual(
      refusal({ type: 'member', privilege: 'watchDesignedProjectConnector' }),
    );
    expect((await api.project(putong, jinan.nj)).data.contactVisible).toBe(false);

    // unlimited: always shown, nothing counted
    const unlimited = await paid(small, 'qiyetong');
    expect((await api.project(unlimited, jinan.nj)).data.contactVisible).toBe(true);
  });

  it('answers the source link through detailLink, and costs nothing without one', async () => {
    const member = await paid(small, 'toubiaotong');
    expect(await api.link(member, shenzhen.zb)).toEqual({
      code: 200,
      message: '成功',
      data: {
        id: shenzhen.zb,
        url: `https://ccgp.example.cn/${shenzhen.tag}/zb.html`,
        sourceName: '广东省政府采购网',
        links: [{ url: `https://ccgp.example.cn/${shenzhen.tag}/zb.html`, sourceName: '广东省政府采购网' }],
        pass: { privilege: 'detailLink', limit: 2, used: 1, remaining: 1, charged: true },
      },
    });
    expect((await api.link(member, shenzhen.zb)).data.pass).toMatchObject({ used: 1, charged: false });
    expect(await api.link(member, shenzhen.lone)).toEqual({
      code: 404,
      data: null,
      message: '该信息暂无原文链接',
    });
    expect((await api.link(member, jinan.nj)).data.url).toBe(`https://tzxm.example.cn/${jinan.tag}/nj.html`);
    expect(await api.link(member, shenzhen.bg)).toEqual(refusal({ type: 'usedUp', isMember: true }));
    expect(await api.link(await newMember(server, 'alpha'), shenzhen.zb)).toEqual(
      refusal({ type: 'member', privilege: 'detailLink' }),
    );
  });

  it('names every site that published a notice, and gives all their links for one count', async () => {
    const reposted = await addProcurement(server);
    const own = `https://ccgp.example.cn/${reposted.tag}/zb.html`;
    const repost = `https://www.qianlima.example/${reposted.tag}.html`;
    const loneRepost = `https://www.jianyu.example/${reposted.tag}.html`;
    await server.db.query(
      `INSERT INTO tender_item_source (item_id, source_id, source_url, source_name)
       VALUES ($1, $2, $3, '千里马招标网'), ($4, $5, $6, '剑鱼标讯')`,
      [
        reposted.zb,
        `repost:${reposted.tag}`,
        repost,
        reposted.lone,
        `repost-lone:${reposted.tag}`,
        loneRepost,
      ],
    );
    const member = await paid(small, 'toubiaotong');
    expect((await api.tender(member, reposted.zb)).data).toMatchObject({
      sourceName: '广东省政府采购网',
      hasSourceLink: true,
      sources: [
        { name: '广东省政府采购网', hasLink: true },
        { name: '千里马招标网', hasLink: true },
      ],
    });
    expect((await api.link(member, reposted.zb)).data).toMatchObject({
      url: own,
      links: [
        { url: own, sourceName: '广东省政府采购网' },
        { url: repost, sourceName: '千里马招标网' },
      ],
      pass: { used: 1, charged: true },
    });
    // A notice without a link of its own is opened at its repost (it answered 404 before it had one).
    expect((await api.tender(member, reposted.lone)).data).toMatchObject({
      sourceName: null,
      hasSourceLink: true,
      sources: [{ name: '剑鱼标讯', hasLink: true }],
    });
    expect((await api.link(member, reposted.lone)).data).toMatchObject({
      url: loneRepost,
      sourceName: '剑鱼标讯',
      links: [{ url: loneRepost, sourceName: '剑鱼标讯' }],
      pass: { used: 2 },
    });
  });

  it('lists the project documents through downloadExpansion without counting', async () => {
    const member = await paid('alpha', 'toubiaotong');
    const answer = await api.documents(member, shenzhen.bg);
    expect(answer.code).toBe(200);
    expect(answer.data.pass).toEqual({
      privilege: 'downloadExpansion',
      limit: -1,
      used: null,
      remaining: -1,
      charged: false,
    });
    expect(answer.data.documents).toHaveLength(5);
    expect(answer.data.documents[3]).toEqual({
      id: shenzhen.bg,
      type: 'bg',
      typeName: '更正/变更/终止公告',
      title: `${shenzhen.projectName}更正公告`,
      publishDate: '2026-03-10',
      fileName: `${shenzhen.projectName}更正公告.txt`,
      contentType: 'text/plain; charset=utf-8',
      downloadPath: `/webchat/api/zhaozhongbiaoDetails/downloadDocument?id=${shenzhen.bg}`,
      current: true,
    });
    expect(await api.documents(await newMember(server, 'alpha'), shenzhen.bg)).toEqual(
      refusal({ type: 'member', privilege: 'downloadExpansion' }),
    );
    const regional = await paid('alpha', 'toubiaotong', ['广东省']);
    expect(await api.documents(regional, hunan.zb)).toEqual(refusal({ type: 'singleProvice' }));
  });

  it('downloads the announcement text as a file with a Chinese name, costing downloadAnnouncement', async () => {
    const member = await paid(small, 'toubiaotong');
    const firstTime = async (id: number) =>
      (
        await callAs(
          server,
          member,
          'POST',
          '/webchat/api/zhaozhongbiaoDetails/isFirstTimeDownloadAnnouncement',
          {
            id,
          },
        )
      ).data;
    expect(await firstTime(shenzhen.zb)).toEqual({ firstTime: true });
    expect(await api.used(member, 'downloadAnnouncement')).toBe(0);
    const response = await api.download(member, `id=${shenzhen.zb}`);
    expect(response.statusCode).toBe(200);
    // downloaded today: the next download of it costs nothing
    expect(await firstTime(shenzhen.zb)).toEqual({ firstTime: false });
    expect(await firstTime(shenzhen.bg)).toEqual({ firstTime: true });
    const missing = await callAs(
      server,
      member,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/isFirstTimeDownloadAnnouncement',
      {
        id: 999_999_999,
      },
    );
    expect(missing.code).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fileName = `${shenzhen.projectName}公开招标公告.txt`;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tender-${shenzhen.zb}.txt"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`${shenzhen.projectName}公开招标公告\r\n信息类型：招标公告（公开招标）\r\n`);
    expect(text).toContain('发布日期：2026-03-02\r\n地区：广东省 深圳市 南山区\r\n');
    expect(text).toContain(`联系方式：王建国 ${PHONES.purchaser}`);
    expect(await api.used(member, 'downloadAnnouncement')).toBe(1);
    // again today: free
    expect((await api.download(member, `id=${shenzhen.zb}`)).statusCode).toBe(200);
    expect(await api.used(member, 'downloadAnnouncement')).toBe(1);

    // refusals are the JSON envelope with the gate's dialog
    const spent = await api.download(member, `id=${shenzhen.bg}`);
    expect(spent.headers['content-type']).toContain('application/json');
    expect(spent.json()).toEqual({
      code: 403,
      message: '您今日的公告下载次数已达上限，请明日再下载',
      data: expect.objectContaining({ type: 'usedUp', privilege: 'downloadAnnouncement', isDownLoad: true }),
    });
    expect((await api.download(await newMember(server, 'alpha'), `id=${shenzhen.zb}`)).json()).toEqual(
      refusal({ type: 'member', privilege: 'downloadAnnouncement' }),
    );
    expect((await api.download(undefined, `id=${shenzhen.zb}`)).json()).toMatchObject({ code: 401 });
    expect((await api.download(member, 'id=abc')).json()).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^参数 id：/),
    });
    expect((await api.download(member, 'id=999999999')).json()).toMatchObject({ code: 404 });
  });

  it('masks the contacts of a downloaded 拟建 record without the contact privilege', async () => {
    const brand = await newTestBrand(server);
    await setPrivilege(server, brand, 'toubiaotong', 'watchDesignedProjectConnector', 0);
    const member = await paid(brand, 'toubiaotong');
    const response = await api.download(member, `id=${jinan.nj}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('联系电话：183****0456');
    expect(response.body).toContain('项目联系人：任**');
  });
});
