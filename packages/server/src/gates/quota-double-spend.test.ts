import { afterAll, beforeAll, describe, expect } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import {
  addTenderItems,
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
} from '../test-support/membership-fixtures';
import { raceTest } from '../test-support/real-concurrency';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** Daily quotas under concurrent requests: spent in the database, never read-then-written (src/gates/quota.ts). */
describe.each(testDatabaseTargets())('quota races on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  const view = (user: MemberTestUser, id: number) =>
    callAs(server, user, 'POST', '/webchat/api/auth/preProjectDetailAuth', { id });

  async function counted(user: MemberTestUser) {
    const [usage] = await server.db.query<{ used: number }>(
      `SELECT used FROM quota_usage WHERE user_id = $1 AND privilege_key = 'preProjectDetail'`,
      [user.userId],
    );
    const [items] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM quota_item_use WHERE user_id = $1 AND privilege_key = 'preProjectDetail'`,
      [user.userId],
    );
    return { used: usage?.used ?? 0, items: items?.count ?? 0 };
  }

  raceTest(
    target,
    'lets 50 concurrent detail views with 10 left spend exactly 10 and refuses 40',
    async () => {
      // toubiaotong: 20 pre-project details a day; 10 spent first
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1);
      const ids = await addTenderItems(server, 'yg', '440000', 60);
      for (const id of ids.slice(0, 10)) expect((await view(member, id)).code).toBe(200);

      const answers = await Promise.all(ids.slice(10).map((id) => view(member, id)));
      const allowed = answers.filter((answer) => answer.code === 200);
      const refused = answers.filter((answer) => answer.code === 403);
      expect(allowed).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const answer of refused) expect(answer.data).toMatchObject({ type: 'usedUp', isMember: true });
      expect(allowed.map((answer) => answer.data.used).sort((a, b) => a - b)).toEqual([
        11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
      ]);
      // exactly the items allowed are recorded: refused ones left nothing behind
      expect(await counted(member)).toEqual({ used: 20, items: 20 });
    },
  );

  raceTest(target, 'charges one use for 20 concurrent views of the same new item', async () => {
    const member = await newMember(server, 'alpha');
    await grant(server, member, 'toubiaotong', 1);
    const [id] = (await addTenderItems(server, 'yg', '440000', 1)) as [number];
    const answers = await Promise.all(Array.from({ length: 20 }, () => view(member, id)));
    expect(answers.every((answer) => answer.code === 200)).toBe(true);
    expect(answers.filter((answer) => answer.data.charged)).toHaveLength(1);
    expect(await counted(member)).toEqual({ used: 1, items: 1 });
  });

  raceTest(
    target,
    'lets 20 concurrent views of the same new item through with its last use, charging it once',
    async () => {
      // a view that waited for the counter while another paid for the same item is free, not refused
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1);
      const ids = await addTenderItems(server, 'yg', '440000', 20);
      for (const id of ids.slice(0, 19)) expect((await view(member, id)).code).toBe(200);
      const last = ids[19] as number;
      const answers = await Promise.all(Array.from({ length: 20 }, () => view(member, last)));
      expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(answers.filter((answer) => answer.data.charged)).toHaveLength(1);
      expect(answers.every((answer) => answer.data.used === 20)).toBe(true);
      expect(await counted(member)).toEqual({ used: 20, items: 20 });
    },
  );

  raceTest(
    target,
    'spends exactly the uses left through the detail view, and keeps repeated views free',
    async () => {
      // selZhaobiaoDetails reads the item's spend with the item and skips the spend statement when it can
      const detail = (user: MemberTestUser, id: number) =>
        callAs(server, user, 'POST', '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails', { id });
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1);
      const ids = await addTenderItems(server, 'yg', '440000', 50);
      const seen = ids.slice(0, 10);
      for (const id of seen) expect((await detail(member, id)).code).toBe(200);

      const order = [...ids.slice(10), ...seen];
      const answers = await Promise.all(order.map((id) => detail(member, id)));
      const repeated = answers.slice(40);
      expect(repeated.every((answer) => answer.code === 200 && answer.data.pass.charged === false)).toBe(
        true,
      );
      const fresh = answers.slice(0, 40);
      expect(fresh.filter((answer) => answer.code === 200)).toHaveLength(10);
      expect(fresh.filter((answer) => answer.code === 403)).toHaveLength(30);
      expect(await counted(member)).toEqual({ used: 20, items: 20 });
      // the day is spent: a viewed item opens free, a new one is refused
      expect((await detail(member, seen[0] as number)).data.pass).toMatchObject({ used: 20, charged: false });
      expect((await detail(member, ids[49] as number)).code).toBe(answers[39]?.code === 200 ? 200 : 403);
    },
  );

  raceTest(
    target,
    'gives the last use to one of two new items viewed concurrently, and every view of it',
    async () => {
      const member = await newMember(server, 'alpha');
      await grant(server, member, 'toubiaotong', 1);
      const ids = await addTenderItems(server, 'yg', '440000', 21);
      for (const id of ids.slice(0, 19)) expect((await view(member, id)).code).toBe(200);
      const [first, second] = ids.slice(19) as [number, number];
      const order = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? first : second));
      const answers = await Promise.all(order.map((id) => view(member, id)));
      const winner = order[answers.findIndex((answer) => answer.code === 200)];
      order.forEach((id, index) => {
        expect(answers[index]?.code).toBe(id === winner ? 200 : 403);
      });
      expect(answers.filter((answer) => answer.code === 200 && answer.data.charged)).toHaveLength(1);
      expect(await counted(member)).toEqual({ used: 20, items: 20 });
    },
  );
});
