import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelCatalog, loadMembership } from '../membership/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, grant, newMember, newTestBrand } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { readDataVersions, withDataVersions } from './data-versions';

describe.each(testDatabaseTargets())('data version caches on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });

  afterAll(async () => {
    await server.close();
  });

  const levelNames = async (brand: string) =>
    (await callApi(server.app, 'GET', '/webchat/api/member/typeList', { brand })).data.map(
      (level: { memberName: string }) => level.memberName,
    );

  /** An edit that does not move the version on (triggers off), so only a cache can still answer the old value. */
  const renameUnseen = (brand: string, name: string) =>
    server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        "UPDATE member_type SET member_name = $2 WHERE brand_id = $1 AND member_code = 'toubiaotong'",
        [brand, name],
      );
    });

  it('serves requests from the cache until the configuration version moves, then from the new rows', async () => {
    const brand = await newTestBrand(server);
    expect(await levelNames(brand)).toEqual(['投标通', '企业通', '企业版']);

    await renameUnseen(brand, '旧缓存');
    expect(await levelNames(brand)).toEqual(['投标通', '企业通', '企业版']);
    // Outside a request nothing is cached: commands and services read the rows.
    expect((await levelCatalog(server.db, brand)).get('toubiaotong')?.memberName).toBe('旧缓存');

    await server.db.query(
      "UPDATE member_type SET member_name = '投标通Pro' WHERE brand_id = $1 AND member_code = 'toubiaotong'",
      [brand],
    );
    expect(await levelNames(brand)).toEqual(['投标通Pro', '企业通', '企业版']);
  });

  it('moves the version on with every statement on brands, levels and privileges', async () => {
    const brand = await newTestBrand(server);
    const version = async () =>
      (await server.db.query<{ version: number }>('SELECT version::int AS version FROM config_version'))[0]
        ?.version as number;
    const before = await version();
    await server.db.query("UPDATE brand SET title = title || '' WHERE id = $1", [brand]);
    await server.db.query(
      "UPDATE member_privilege SET value = value WHERE brand_id = $1 AND member_code = 'qiye'",
      [brand],
    );
    await server.db.query('UPDATE member_type SET status = status WHERE brand_id = $1', [brand]);
    expect(await version()).toBe(before + 3);
  });

  it('keeps brands apart and answers an unknown brand with 400 every time', async () => {
    const [first, second] = [await newTestBrand(server), await newTestBrand(server)];
    await server.db.query(
      "UPDATE member_type SET member_name = '第二品牌投标通' WHERE brand_id = $1 AND member_code = 'toubiaotong'",
      [second],
    );
    expect((await levelNames(first))[0]).toBe('投标通');
    expect((await levelNames(second))[0]).toBe('第二品牌投标通');
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await callApi(server.app, 'GET', '/webchat/api/member/typeList', { brand: 'nobrand' });
      expect(answer.code).toBe(400);
    }
  });

  const levelsHeld = async (user: Awaited<ReturnType<typeof newMember>>) =>
    (await callAs(server, user, 'GET', '/webchat/api/listMemberUpgrade')).data.map(
      (row: { memberCode: string }) => row.memberCode,
    );

  /** A grant written with the triggers off: the membership version stays, so only a cache still hides it. */
  const grantUnseen = (brand: string, userId: number) =>
    server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        `INSERT INTO membership_event (brand_id, user_id, kind, member_code, months, pay_areas, occurred_at, source)
         VALUES ($1, $2, 'grant', 'qiye', 12, ARRAY['全国'], $3, 'operator')`,
        [brand, userId, server.clock.now()],
      );
    });

  it("serves a member's holdings from the cache until the membership version moves", async () => {
    const brand = await newTestBrand(server);
    const member = await newMember(server, brand);
    await grant(server, { userId: member.userId, brand }, 'toubiaotong', 12);
    expect(await levelsHeld(member)).toEqual(['toubiaotong']);

    await grantUnseen(brand, member.userId);
    expect(await levelsHeld(member)).toEqual(['toubiaotong']);

    // Any committed change of holdings moves the version on: the next request reads them all again.
    await grant(server, { userId: member.userId, brand }, 'qiyetong', 1);
    expect((await levelsHeld(member)).sort()).toEqual(['qiye', 'qiyetong', 'toubiaotong']);
  });

  it("reads holdings inside a transaction fresh, never from the request's cache", async () => {
    const brand = await newTestBrand(server);
    const member = await newMember(server, brand);
    const now = () => server.clock.now();
    const versions = await readDataVersions(server.db);
    await withDataVersions(server.db, versions, async () => {
      expect((await loadMembership(server.db, brand, member.userId, now())).level).toBe('putong');
      await grantUnseen(brand, member.userId);
      expect((await loadMembership(server.db, brand, member.userId, now())).level).toBe('putong');
      await server.db.transaction(async (tx) => {
        expect((await loadMembership(tx, brand, member.userId, now())).level).toBe('qiye');
      });
    });
  });

  it('moves the membership version at the commit of events and enterprise members, not on a rollback', async () => {
    const brand = await newTestBrand(server);
    const member = await newMember(server, brand);
    const version = async () => (await readDataVersions(server.db)).membership;
    const before = await version();
    await grant(server, { userId: member.userId, brand }, 'toubiaotong', 1);
    const afterGrant = await version();
    expect(afterGrant).toBeGreaterThan(before);

    await expect(
      server.db.transaction(async (tx) => {
        await tx.query('UPDATE membership_event SET months = months WHERE user_id = $1', [member.userId]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(afterGrant);

    await server.db.query('UPDATE enterprise_member SET role = role WHERE user_id = $1', [member.userId]);
    await server.db.query('UPDATE membership_event SET months = months WHERE user_id = $1', [member.userId]);
    expect(await version()).toBe(afterGrant + 1);
  });
});
