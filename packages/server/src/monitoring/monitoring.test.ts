import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import {
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { raceTest } from '../test-support/real-concurrency';
import { startTestServer, type TestServer } from '../test-support/test-server';

describe.each(testDatabaseTargets())('monitoring on $name', (target) => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    dir = mkdtempSync(join(tmpdir(), 'tender-monitoring-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (user: MemberTestUser, path: string, params: Record<string, unknown> = {}) =>
    callAs(server, user, 'POST', path, params);
  const get = (user: MemberTestUser, path: string, params: Record<string, unknown> = {}) =>
    callAs(server, user, 'GET', path, params);
  const member = async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'toubiaotong', 1);
    return user;
  };
  const feedTitles = async (user: MemberTestUser, monitor: string) =>
    (await post(user, '/webchat/api/subscribe/feed/list', { monitor })).data.records.map(
      (record: { title: string }) => record.title,
    );

  it('a monitored owner, rival or agent raises a feed line when a new item names it in that role', async () => {
    const user = await member();
    const tag = hanWord(4);
    const [owner, rival, agency] = [`${tag}医院`, `${tag}科技有限公司`, `${tag}招标代理有限公司`];
    await importRecords(server, dir, [
      tenderRecord({
        title: `${tag}设备采购中标结果公告`,
        announcementType: 'jg',
        noticeKind: 'award',
        parties: [
          { role: 'purchaser', name: owner },
          { role: 'winner', name: rival },
          { role: 'agency', name: agency },
        ],
      }),
    ]);
    for (const [role, companyName] of [
      ['owner', owner],
      ['rival', rival],
      ['agent', agency],
    ]) {
      const saved = await post(user, '/webchat/api/company-monitor/save', { role, companyName });
      expect(saved.code, saved.message).toBe(200);
    }
    // the rival as an owner is a different monitor: it does not fire on the rival's wins
    await importRecords(server, dir, [
      tenderRecord({ title: `${tag}二期采购公告`, parties: [{ role: 'purchaser', name: owner }] }),
      tenderRecord({
        title: `${tag}运维服务中标公告`,
        announcementType: 'jg',
        parties: [{ role: 'winner', name: rival }],
      }),
      tenderRecord({ title: `${tag}咨询服务公告`, parties: [{ role: 'agency', name: agency }] }),
    ]);
    expect(await feedTitles(user, 'owner')).toEqual([`${tag}二期采购公告`]);
    expect(await feedTitles(user, 'rival')).toEqual([`${tag}运维服务中标公告`]);
    expect(await feedTitles(user, 'agent')).toEqual([`${tag}咨询服务公告`]);
    const all = await post(user, '/webchat/api/monitor/all');
    expect(all.data).toMatchObject({
      owner: { count: 1, unread: 1 },
      rival: { count: 1, unread: 1 },
      agent: { count: 1, unread: 1 },
      project: { count: 0, unread: 0 },
      companyLimit: 10,
      projectLimit: 20,
    });
    expect(all.data.recent).toHaveLength(3);
    // a monitor page's 全部标为已读 marks only its own kind's lines
    const read = await post(user, '/webchat/api/subscribe/feed/read', { feed: 'bidding', monitor: 'owner' });
    expect(read.data).toEqual({ updated: 1 });
    expect((await post(user, '/webchat/api/monitor/all')).data).toMatchObject({
      owner: { unread: 0 },
      rival: { unread: 1 },
      agent: { unread: 1 },
    });
    const list = await post(user, '/webchat/api/company-monitor/list');
    expect(list.data).toMatchObject({ used: 3, limit: 10 });
    expect(
      (await post(user, '/webchat/api/company-monitor/delete', { id: list.data.records[0].id })).data,
    ).toEqual({
      removed: true,
    });
    expect(
      (await post(user, '/webchat/api/company-monitor/save', { role: 'owner', companyName: '没有这家公司' }))
        .code,
    ).toBe(404);
  });

  it('a monitored project raises a feed line for the next item of the same project', async () => {
    const user = await member();
    const tag = hanWord(4);
    const projectKey = `monitor-test-${tag}`;
    await importRecords(server, dir, [tenderRecord({ title: `${tag}项目招标公告`, projectKey })]);
    const [item] = await server.db.query<{ id: number }>(
      'SELECT id FROM tender_item WHERE project_key = $1',
      [projectKey],
    );
    const id = item?.id;
    expect((await get(user, '/webchat/api/project-monitor/getDocumentIsMonitor', { id })).data).toMatchObject(
      {
        isMonitor: false,
        used: 0,
        limit: 20,
      },
    );
    const saved = await get(user, '/webchat/api/project-monitor/saveOrUpdateProjectMonitor', { id });
    expect(saved.data).toMatchObject({ id, isMonitor: true, used: 1, limit: 20 });
    await importRecords(server, dir, [
      tenderRecord({
        title: `${tag}项目更正公告`,
        announcementType: 'bg',
        noticeKind: 'correction',
        projectKey,
      }),
    ]);
    expect(await feedTitles(user, 'project')).toEqual([`${tag}项目更正公告`]);
    const removed = await get(user, '/webchat/api/project-monitor/saveOrUpdateProjectMonitor', {
      id,
      isMonitor: '0',
    });
    expect(removed.data).toMatchObject({ isMonitor: false, used: 0 });
  });

  /** Three purchasers of this test's own items: 甲, 乙 and 丙单位 with the tag. */
  async function threeCompanies() {
    const tag = hanWord(4);
    await importRecords(server, dir, [
      tenderRecord({
        title: `${tag}采购公告`,
        projectKey: `limit-${tag}`,
        parties: [{ role: 'purchaser', name: `${tag}甲单位` }],
      }),
      tenderRecord({ title: `${tag}二号采购公告`, parties: [{ role: 'purchaser', name: `${tag}乙单位` }] }),
      tenderRecord({ title: `${tag}三号采购公告`, parties: [{ role: 'purchaser', name: `${tag}丙单位` }] }),
    ]);
    return tag;
  }

  it('refuses monitors to putong', async () => {
    const putong = await newMember(server, 'alpha');
    const tag = await threeCompanies();
    const refused = await post(putong, '/webchat/api/company-monitor/save', {
      role: 'owner',
      companyName: `${tag}甲单位`,
    });
    expect(refused.code).toBe(403);
    expect(refused.data).toMatchObject({ type: 'member', privilege: 'companyMonitor' });
  });

  raceTest(target, "saves no more company monitors than the level's total when saved at once", async () => {
    const tag = await threeCompanies();
    const brandUser = await newMember(server, 'alpha');
    await grant(server, brandUser, 'toubiaotong', 1);
    await setPrivilege(server, 'alpha', 'toubiaotong', 'companyMonitor', 2);
    try {
      const answers = await Promise.all(
        ['甲', '乙', '丙'].map((name) =>
          post(brandUser, '/webchat/api/company-monitor/save', {
            role: 'owner',
            companyName: `${tag}${name}单位`,
          }),
        ),
      );
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(2);
      expect(answers.find((answer) => answer.code === 403)?.message).toBe(
        '您的会员最多可监控 2 个公司，已达上限',
      );
    } finally {
      await setPrivilege(server, 'alpha', 'toubiaotong', 'companyMonitor', 10);
    }
  });
});
