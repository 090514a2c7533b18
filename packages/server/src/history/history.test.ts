import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addConstruction,
  addProcurement,
  type ConstructionIds,
  type ProcurementIds,
} from '../details/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import {
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
} from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { historyService } from './service';

describe.each(testDatabaseTargets())('browsing history and follows on $name', (target) => {
  let server: TestServer;
  let shenzhen: ProcurementIds;
  let jinan: ConstructionIds;

  beforeAll(async () => {
    server = await startTestServer(target);
    shenzhen = await addProcurement(server);
    jinan = await addConstruction(server);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (user: MemberTestUser, path: string, params: Record<string, unknown> = {}) =>
    callAs(server, user, 'POST', path, params);
  const api = {
    tender: (user: MemberTestUser, id: number) =>
      post(user, '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails', { id }),
    project: (user: MemberTestUser, id: number) =>
      post(user, '/webchat/api/designedInfo/selDesignedInfo', { id }),
    history: (user: MemberTestUser, params: Record<string, unknown> = {}) =>
      post(user, '/webchat/api/user-browse-collection/browse/list', params),
    follows: (user: MemberTestUser, params: Record<string, unknown> = {}) =>
      post(user, '/webchat/api/user-browse-collection/collection/list', params),
    follow: (user: MemberTestUser, params: Record<string, unknown>) =>
      post(user, '/webchat/api/spxm/user-browse-collection/add/collection', params),
    unfollow: (user: MemberTestUser, params: Record<string, unknown>) =>
      post(user, '/webchat/api/spxm/user-browse-collection/del/collection', params),
    save: (user: MemberTestUser, params: Record<string, unknown>) =>
      post(user, '/webchat/common/saveBrowseCollection', params),
    collectMap: (user: MemberTestUser, ids: unknown) =>
      post(user, '/webchat/api/user-browse-collection/collectMap', { ids }),
  };
  const ids = (answer: { data: { records: { id: number }[] } }) =>
    answer.data.records.map((record) => record.id);

  const member = async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 1);
    return user;
  };

  it('records each view, newest first, one line per item per day', async () => {
    const user = await member();
    for (const id of [shenzhen.zb, shenzhen.bg, shenzhen.jg]) {
      expect((await api.tender(user, id)).code).toBe(200);
      server.clock.advance(60_000);
    }
    // viewing zb again today moves its line to the top and counts the view, without a second line
    await api.tender(user, shenzhen.zb);
    const today = await api.history(user);
    expect(ids(today)).toEqual([shenzhen.zb, shenzhen.jg, shenzhen.bg]);
    expect(today.data.total).toBe(3);
    expect(today.data.records[0]).toMatchObject({
      type: 'zb',
      typeName: '招标公告',
      regionText: '广东省 深圳市',
      provinceCode: '440000',
      publishDate: '2026-03-02',
      amount: { wanYuanText: '123.46万元' },
      purchaserName: expect.stringContaining('深圳市南山区人民医院'),
      isCollect: false,
      views: 2,
      browseDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      browsedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 10:0\d:\d{2}$/),
    });
    expect(today.data.records[1].views).toBe(1);
    expect(today.data.typeCounts).toEqual([
      { type: 'zb', typeName: '招标公告', count: 1 },
      { type: 'bg', typeName: '更正/变更/终止公告', count: 1 },
      { type: 'jg', typeName: '中标/成交结果', count: 1 },
    ]);

    // the next day the same item is a new line of its own
    advanceToChinaHour(server, 2);
    await api.tender(user, shenzhen.bg);
    const twoDays = await api.history(user);
    expect(ids(twoDays)).toEqual([shenzhen.bg, shenzhen.zb, shenzhen.jg, shenzhen.bg]);
    expect(twoDays.data.records[0].browseDate).not.toBe(twoDays.data.records[3].browseDate);
    expect(ids(await api.history(user, { pageNumber: 2, pageSize: 3 }))).toEqual([shenzhen.bg]);
    const corrections = await api.history(user, { type: 'bg' });
    expect(ids(corrections)).toEqual([shenzhen.bg, shenzhen.bg]);
    expect(corrections.data.total).toBe(2);
    expect(corrections.data.typeCounts).toHaveLength(3);
    expect((await api.history(user, { pageSize: 51 })).code).toBe(400);
  });

  it('counts views that arrive together, written in one statement, as one after another', async () => {
    const [first, second] = [await member(), await member()];
    const history = historyService(server.db);
    const now = server.clock.now();
    const zb = { id: shenzhen.zb, type: 'zb' as const };
    // The first is written alone; the six that arrive meanwhile in one statement, with first's zb line thrice.
    await Promise.all([
      history.recordBrowse(first.userId, zb, now),
      ...Array.from({ length: 3 }, () => history.recordBrowse(first.userId, zb, now)),
      history.recordBrowse(second.userId, zb, now),
      history.recordBrowse(first.userId, { id: shenzhen.jg, type: 'jg' }, now),
      history.recordBrowse(second.userId, zb, now),
    ]);
    const lines = async (user: MemberTestUser) =>
      (await api.history(user)).data.records
        .map((line: { id: number; views: number }) => [line.id, line.views])
        .sort();
    expect(await lines(first)).toEqual(
      [
        [shenzhen.jg, 1],
        [shenzhen.zb, 4],
      ].sort(),
    );
    expect(await lines(second)).toEqual([[shenzhen.zb, 2]]);
  });

  it('records nothing for a refused view, and nothing of one user in another’s history', async () => {
    const putong = await newMember(server, 'alpha');
    expect((await api.tender(putong, shenzhen.yx)).code).toBe(403);
    expect((await api.project(putong, jinan.nj)).code).toBe(403);
    expect((await api.history(putong)).data).toEqual({ records: [], total: 0, typeCounts: [] });

    const viewer = await member();
    await api.project(viewer, jinan.sp);
    expect(ids(await api.history(viewer))).toEqual([jinan.sp]);
    expect((await api.history(putong)).data.total).toBe(0);
  });

  it('saves a browse without spending a view, and removes history lines', async () => {
    const putong = await newMember(server, 'alpha');
    expect(await api.save(putong, { id: jinan.nj })).toEqual({
      code: 200,
      message: '成功',
      data: { type: 'nj', id: jinan.nj, isCollect: false },
    });
    server.clock.advance(1000);
    await api.save(putong, { id: shenzhen.jg, type: 'jg', action: 'browse' });
    expect(ids(await api.history(putong))).toEqual([shenzhen.jg, jinan.nj]);
    // nothing spent: putong's trial is whole
    const trial = await callAs(server, putong, 'GET', '/webchat/api/auth/getPermissionNum', {
      type: 'watchZhaobiao',
    });
    expect(trial.data.used).toBe(0);
    // a type that is not the item's, an unknown item, an unknown action
    expect((await api.save(putong, { id: jinan.nj, type: 'zb' })).code).toBe(404);
    expect((await api.save(putong, { id: 999_999_999 })).code).toBe(404);
    expect((await api.save(putong, { id: jinan.nj, action: 'like' })).code).toBe(400);

    expect(
      (await post(putong, '/webchat/api/user-browse-collection/del/browse', { id: jinan.nj })).data,
    ).toEqual({
      removed: 1,
    });
    expect(ids(await api.history(putong))).toEqual([shenzhen.jg]);
    expect((await post(putong, '/webchat/api/user-browse-collection/del/browse')).data).toEqual({
      removed: 1,
    });
    expect((await api.history(putong)).data.total).toBe(0);
  });

  it('follows and unfollows items, lists them newest first and shows isCollect everywhere', async () => {
    const user = await member();
    const other = await member();
    expect(await api.follow(user, { id: shenzhen.zb })).toEqual({
      code: 200,
      message: '成功',
      data: { type: 'zb', id: shenzhen.zb, isCollect: true },
    });
    server.clock.advance(1000);
    expect((await api.follow(user, { id: jinan.nj, type: 'nj' })).data.isCollect).toBe(true);
    server.clock.advance(1000);
    expect((await api.save(user, { id: shenzhen.jg, action: 'collect' })).data).toEqual({
      type: 'jg',
      id: shenzhen.jg,
      isCollect: true,
    });
    server.clock.advance(1000);
    // following again keeps one follow, at its first time
    await api.follow(user, { id: shenzhen.zb });

    const list = await api.follows(user);
    expect(ids(list)).toEqual([shenzhen.jg, jinan.nj, shenzhen.zb]);
    expect(list.data.total).toBe(3);
    expect(list.data.records[1]).toMatchObject({
      type: 'nj',
      typeName: '拟建项目',
      regionText: '山东省 济南市',
      amount: { wanYuanText: '9,457万元' },
      purchaserName: expect.stringContaining('济南市市中区教育局'),
      isCollect: true,
      collectedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(list.data.typeCounts.map((count: { type: string }) => count.type)).toEqual(['zb', 'jg', 'nj']);
    expect(ids(await api.follows(user, { type: 'nj' }))).toEqual([jinan.nj]);
    expect(ids(await api.follows(user, { pageNumber: 2, pageSize: 2 }))).toEqual([shenzhen.zb]);

    // isCollect on the detail screens and the lists
    expect((await api.tender(user, shenzhen.zb)).data.isCollect).toBe(true);
    expect((await api.tender(user, shenzhen.bg)).data.isCollect).toBe(false);
    expect((await api.project(user, jinan.nj)).data.isCollect).toBe(true);
    expect(
      (await api.history(user)).data.records.map((record: { isCollect: boolean }) => record.isCollect),
    ).toEqual([true, false, true]);
    expect(
      (await api.collectMap(user, [shenzhen.bg, shenzhen.zb, 999_999_999, jinan.nj, shenzhen.zb])).data,
    ).toEqual([
      { type: 'bg', id: shenzhen.bg, isCollect: false },
      { type: 'zb', id: shenzhen.zb, isCollect: true },
      { type: 'nj', id: jinan.nj, isCollect: true },
    ]);
    expect((await api.collectMap(user, [])).code).toBe(400);
    expect((await api.collectMap(user, 'abc')).code).toBe(400);

    // each account its own
    expect((await api.follows(other)).data.total).toBe(0);
    expect((await api.collectMap(other, [shenzhen.zb])).data).toEqual([
      { type: 'zb', id: shenzhen.zb, isCollect: false },
    ]);

    // unfollow; unfollowing what is not followed is fine; unknown items and wrong types are not
    expect((await api.unfollow(user, { id: shenzhen.zb })).data).toEqual({
      type: 'zb',
      id: shenzhen.zb,
      isCollect: false,
    });
    expect((await api.unfollow(user, { id: shenzhen.zb })).data.isCollect).toBe(false);
    expect((await api.save(user, { id: shenzhen.jg, action: 'uncollect' })).data.isCollect).toBe(false);
    expect(ids(await api.follows(user))).toEqual([jinan.nj]);
    expect((await api.follow(user, { id: 999_999_999 })).code).toBe(404);
    expect((await api.follow(user, { id: jinan.sp, type: 'nj' })).code).toBe(404);
    expect((await api.unfollow(user, { id: 999_999_999 })).code).toBe(404);
  });
});
