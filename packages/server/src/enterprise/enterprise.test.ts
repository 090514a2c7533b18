import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { BusinessError } from '../http/business-error';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { raceTest } from '../test-support/real-concurrency';
import { newMobile, type SignedInUser, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { signInvite } from './invites';
import { createEnterprise, type NewEnterprise } from './service';

const HOUR = 3_600_000;
const INVITE_TTL_MS = 24 * HOUR;

const NOT_PRIMARY = { code: 403, data: null, message: '仅企业主账号可以管理企业账号' };
const NOT_OWN_SUB = { code: 403, data: null, message: '该账号不是您企业的子账号' };
const INVITE_INVALID = { code: 403, data: null, message: '邀请二维码无效，请向企业主账号索取新的二维码' };
const ALREADY_MEMBER = { code: 403, data: null, message: '您的账号已属于一个企业，不能再加入其他企业' };

/** A signed-in user and the brand and phone it signed in with. */
type TestUser = SignedInUser & { brand: string; mobile: string };

describe.each(testDatabaseTargets())('enterprise accounts on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const call = (method: 'GET' | 'POST', path: string, user: TestUser, params?: Record<string, unknown>) =>
    callApi(server.app, method, path, {
      headers: user.headers,
      params,
      brand: user.brand,
      version: user.brand === 'beta' ? 19 : 20,
    });

  const api = {
    relation: (user: TestUser) => call('POST', '/webchat/api/getSubAccount', user),
    list: (user: TestUser, params?: Record<string, unknown>) =>
      call('POST', '/webchat/api/enterprise/account/list', user, params),
    remove: (user: TestUser, userId: unknown) =>
      call('GET', '/webchat/api/enterprise/account/remove', user, { userId }),
    allowJoin: (user: TestUser, allowJoin: unknown) =>
      call('GET', '/webchat/api/enterprise/account/allowJoin', user, { allowJoin }),
    invite: (user: TestUser, primaryUserId: unknown = user.userId) =>
      call('POST', '/webchat/api/enterprise/account/invite-qrcode', user, { primaryUserId }),
    join: (user: TestUser, invite: string) =>
      call('POST', '/webchat/api/enterprise/account/join', user, { invite }),
    update: (user: TestUser, params: Record<string, unknown>) =>
      call('POST', '/webchat/api/enterprise/account/update', user, params),
    userCenter: (user: TestUser) => call('GET', '/webchat/api/userCenter', user),
  };

  async function newUser(
    brand = 'alpha',
    profile?: { realUserName: string; companyName: string },
  ): Promise<TestUser> {
    const mobile = newMobile();
    const user = await signIn(server, brand, mobile, { version: brand === 'beta' ? 19 : 20 });
    if (profile) {
      await callApi(server.app, 'POST', '/webchat/api/updateUser', {
        headers: user.headers,
        params: profile,
        brand,
        version: brand === 'beta' ? 19 : 20,
      });
    }
    return { ...user, brand, mobile };
  }

  /** A signed-in main account of a new enterprise, made by the service function the membership issue calls. */
  async function newEnterprise(
    options: Omit<NewEnterprise, 'brandId' | 'primaryUserId'> & { brand?: string } = {},
  ) {
    const brand = options.brand ?? 'alpha';
    const primary = await newUser(brand);
    const enterprise = await createEnterprise(
      server.db,
      { ...options, brandId: brand, primaryUserId: primary.userId },
      server.clock.now(),
    );
    return { primary, enterprise, enterpriseId: enterprise.enterpriseId };
  }

  async function inviteOf(primary: TestUser): Promise<string> {
    const answer = await api.invite(primary);
    expect(answer.code, answer.message).toBe(200);
    return answer.data.invite;
  }

  /** A new user of the primary's brand who joined its enterprise through an invite. */
  async function newSubAccount(primary: TestUser, profile?: { realUserName: string; companyName: string }) {
    const sub = await newUser(primary.brand, profile);
    const joined = await api.join(sub, await inviteOf(primary));
    expect(joined.code, joined.message).toBe(200);
    return sub;
  }

  /** Everything stored about an enterprise, to prove that a refusal changed nothing. */
  async function stored(enterpriseId: number) {
    const enterprise = await server.db.query(
      'SELECT name, allow_join, max_sub_accounts, updated_at FROM enterprise WHERE id = $1',
      [enterpriseId],
    );
    const members = await server.db.query(
      'SELECT user_id, role, remark, joined_at FROM enterprise_member WHERE enterprise_id = $1 ORDER BY user_id',
      [enterpriseId],
    );
    return { enterprise, members };
  }

  async function enterpriseOfUser(userId: number) {
    const [row] = await server.db.query<{ enterpriseId: number; role: string }>(
      'SELECT enterprise_id AS "enterpriseId", role FROM enterprise_member WHERE user_id = $1',
      [userId],
    );
    return row;
  }

  describe('createEnterprise (the service the membership issue and the operator CLI call)', () => {
    it('makes a user the main account of a new enterprise named after its company, with 5 seats and joining open', async () => {
      const { primary, enterprise } = await newEnterprise();
      expect(enterprise).toEqual({
        enterpriseId: expect.any(Number),
        enterpriseName: '测试科技有限公司',
        primaryUserId: primary.userId,
        allowJoin: true,
        maxSubAccounts: 5,
        subAccountCount: 0,
      });
      expect(await api.relation(primary)).toEqual({
        code: 200,
        message: '成功',
        data: {
          relation: 'primary',
          enterprise: {
            enterpriseId: enterprise.enterpriseId,
            enterpriseName: '测试科技有限公司',
            primaryUserId: primary.userId,
            primaryUserName: '测试用户',
            joinTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        },
      });

      const named = await newEnterprise({ name: ' 星河建设集团 ', maxSubAccounts: 2, allowJoin: false });
      expect(named.enterprise).toMatchObject({
        enterpriseName: '星河建设集团',
        maxSubAccounts: 2,
        allowJoin: false,
      });
    });

    it('refuses a user already in an enterprise, a user of another brand and an unknown user, creating nothing', async () => {
      const { primary, enterpriseId } = await newEnterprise();
      const sub = await newSubAccount(primary);
      const [{ count: before }] = (await server.db.query<{ count: number }>(
        'SELECT count(*) AS count FROM enterprise',
      )) as [{ count: number }];

      for (const userId of [primary.userId, sub.userId]) {
        await expect(
          createEnterprise(server.db, { brandId: 'alpha', primaryUserId: userId }, server.clock.now()),
        ).rejects.toEqual(new BusinessError(403, '该用户已属于一个企业'));
      }
      const betaUser = await newUser('beta');
      await expect(
        createEnterprise(server.db, { brandId: 'alpha', primaryUserId: betaUser.userId }, server.clock.now()),
      ).rejects.toMatchObject({ code: 400 });
      await expect(
        createEnterprise(server.db, { brandId: 'alpha', primaryUserId: 2 ** 40 }, server.clock.now()),
      ).rejects.toMatchObject({ code: 400 });

      const [{ count: after }] = (await server.db.query<{ count: number }>(
        'SELECT count(*) AS count FROM enterprise',
      )) as [{ count: number }];
      expect(after).toBe(before);
      expect(await enterpriseOfUser(sub.userId)).toEqual({ enterpriseId, role: 'sub' });
      expect(await enterpriseOfUser(betaUser.userId)).toBeUndefined();
    });
  });

  it('answers relation none and primaryUser true for an account outside any enterprise', async () => {
    const individual = await newUser();
    expect((await api.relation(individual)).data).toEqual({ relation: 'none', enterprise: null });
    expect((await api.userCenter(individual)).data.primaryUser).toBe(true);
  });

  it('invites, joins, lists and pages sub-accounts; primaryUser is false for sub-accounts only', async () => {
    const { primary, enterpriseId } = await newEnterprise();
    const before = server.clock.now().getTime();
    const invited = await api.invite(primary);
    const after = server.clock.now().getTime();
    expect(invited.code).toBe(200);
    const { inviteUrl, invite, expiresIn, expiresAt } = invited.data;
    expect(inviteUrl).toBe(`http://localhost:80/alpha/#/enterpriseJoin?invite=${encodeURIComponent(invite)}`);
    expect(expiresIn).toBe(86_400);
    // A day after the server's clock read while answering: between the readings around the call (whole seconds).
    const expires = new Date(expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + INVITE_TTL_MS) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(after + INVITE_TTL_MS);

    const first = await newUser('alpha', { realUserName: '张三', companyName: '测试科技有限公司' });
    const joined = await api.join(first, invite);
    expect(joined).toEqual({
      code: 200,
      message: '成功',
      data: {
        relation: 'subAccount',
        enterprise: {
          enterpriseId,
          enterpriseName: '测试科技有限公司',
          primaryUserId: primary.userId,
          primaryUserName: '测试用户',
          joinTime: expect.any(String),
        },
      },
    });
    expect(await api.relation(first)).toEqual(joined);
    // One invite serves several people until it expires.
    const second = await newUser('alpha', { realUserName: '李四', companyName: '测试科技有限公司' });
    expect((await api.join(second, invite)).code).toBe(200);

    expect((await api.userCenter(first)).data.primaryUser).toBe(false);
    expect((await api.userCenter(second)).data.primaryUser).toBe(false);
    expect((await api.userCenter(primary)).data.primaryUser).toBe(true);
    expect((await call('GET', '/webchat/api/userDetail', second)).data.primaryUser).toBe(false);

    const listed = await api.list(primary);
    expect(listed.code).toBe(200);
    expect(listed.data.enterprise).toEqual({
      enterpriseId,
      enterpriseName: '测试科技有限公司',
      primaryUserId: primary.userId,
      allowJoin: true,
      maxSubAccounts: 5,
      subAccountCount: 2,
    });
    expect(listed.data.total).toBe(2);
    const firstMobile = first.mobile;
    expect(listed.data.records).toEqual([
      {
        userId: first.userId,
        userName: `用户${firstMobile.slice(-4)}`,
        realUserName: '张三',
        mobile: `${firstMobile.slice(0, 3)}****${firstMobile.slice(-4)}`,
        remark: '',
        joinTime: joined.data.enterprise.joinTime,
        lastActiveTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ userId: second.userId, realUserName: '李四' }),
    ]);
    const secondPage = await api.list(primary, { pageNumber: 2, pageSize: 1 });
    expect(secondPage.data.records.map((record: { userId: number }) => record.userId)).toEqual([
      second.userId,
    ]);
    expect(secondPage.data.total).toBe(2);
    expect((await api.list(primary, { pageNumber: 3, pageSize: 1 })).data.records).toEqual([]);
    expect((await api.list(primary, { pageSize: 101 })).code).toBe(400);
  });

  it('lets the main account rename the enterprise and set a sub-account remark', async () => {
    const { primary, enterpriseId } = await newEnterprise();
    const sub = await newSubAccount(primary);

    const renamed = await api.update(primary, { enterpriseName: '  星河建设集团  ' });
    expect(renamed.code).toBe(200);
    expect(renamed.data).toMatchObject({ enterprise: { enterpriseName: '星河建设集团' }, subAccount: null });
    expect((await api.relation(sub)).data.enterprise.enterpriseName).toBe('星河建设集团');

    const remarked = await api.update(primary, { userId: sub.userId, remark: '华东区销售' });
    expect(remarked.data.subAccount).toMatchObject({ userId: sub.userId, remark: '华东区销售' });
    expect((await api.list(primary)).data.records[0].remark).toBe('华东区销售');

    const both = await api.update(primary, { enterpriseName: '星河集团', userId: sub.userId, remark: '' });
    expect(both.data).toMatchObject({
      enterprise: { enterpriseName: '星河集团' },
      subAccount: { userId: sub.userId, remark: '' },
    });
    expect((await stored(enterpriseId)).enterprise).toEqual([expect.objectContaining({ name: '星河集团' })]);

    for (const [params, field] of [
      [{}, 'enterpriseName'],
      [{ remark: '备注' }, 'userId'],
      [{ userId: sub.userId }, 'remark'],
      [{ enterpriseName: '' }, 'enterpriseName'],
      [{ userId: sub.userId, remark: '长'.repeat(31) }, 'remark'],
    ] as const) {
      const refused = await api.update(primary, params);
      expect(refused.code, JSON.stringify(params)).toBe(400);
      expect(refused.message).toMatch(new RegExp(`^参数 ${field}：`));
    }
    expect((await stored(enterpriseId)).enterprise).toEqual([expect.objectContaining({ name: '星河集团' })]);
  });

  it('switches joining on and off with true/false and 1/0', async () => {
    const { primary, enterpriseId } = await newEnterprise();
    const allowJoin = async () => (await stored(enterpriseId)).enterprise[0]?.allow_join;
    for (const [value, expected] of [
      ['false', false],
      ['1', true],
      ['0', false],
      ['true', true],
    ] as const) {
      const answer = await api.allowJoin(primary, value);
      expect(answer.code).toBe(200);
      expect(answer.data.allowJoin).toBe(expected);
      expect(await allowJoin()).toBe(expected);
    }
    const refused = await api.allowJoin(primary, 'maybe');
    expect(refused.code).toBe(400);
    expect(refused.message).toMatch(/^参数 allowJoin：/);
    expect(await allowJoin()).toBe(true);
  });

  it('removes a sub-account, which stays signed in as an individual account and frees its seat', async () => {
    const { primary, enterpriseId } = await newEnterprise({ maxSubAccounts: 1 });
    const sub = await newSubAccount(primary);
    const waiting = await newUser();
    expect((await api.join(waiting, await inviteOf(primary))).code).toBe(403);

    const removed = await api.remove(primary, sub.userId);
    expect(removed).toEqual({
      code: 200,
      message: '成功',
      data: expect.objectContaining({ enterpriseId, subAccountCount: 0 }),
    });
    expect(await enterpriseOfUser(sub.userId)).toBeUndefined();
    // The same token goes on working, now as an account outside any enterprise.
    expect((await api.relation(sub)).data).toEqual({ relation: 'none', enterprise: null });
    expect((await api.userCenter(sub)).data.primaryUser).toBe(true);
    expect((await api.list(primary)).data).toMatchObject({ records: [], total: 0 });

    expect((await api.join(waiting, await inviteOf(primary))).code).toBe(200);
    // Removing again: no longer a sub-account of this enterprise.
    expect(await api.remove(primary, sub.userId)).toEqual(NOT_OWN_SUB);
  });

  it('refuses sub-accounts, individuals and the main account of another enterprise, and nothing changes', async () => {
    const a = await newEnterprise();
    const subA1 = await newSubAccount(a.primary);
    const subA2 = await newSubAccount(a.primary);
    const b = await newEnterprise();
    const subB = await newSubAccount(b.primary);
    const individual = await newUser();
    await api.update(a.primary, { userId: subA2.userId, remark: '原备注' });
    const before = { a: await stored(a.enterpriseId), b: await stored(b.enterpriseId) };

    // A sub-account can do nothing: not on its own enterprise, its main account, a fellow sub-account or another.
    for (const outsider of [subA1, subB, individual]) {
      expect(await api.list(outsider)).toEqual(NOT_PRIMARY);
      expect(await api.allowJoin(outsider, false)).toEqual(NOT_PRIMARY);
      expect(await api.invite(outsider)).toEqual(NOT_PRIMARY);
      expect(await api.invite(outsider, a.primary.userId)).toEqual(NOT_PRIMARY);
      expect(await api.update(outsider, { enterpriseName: '被篡改的企业' })).toEqual(NOT_PRIMARY);
      for (const target of [subA2, a.primary, subB]) {
        expect(await api.remove(outsider, target.userId)).toEqual(NOT_PRIMARY);
        expect(await api.update(outsider, { userId: target.userId, remark: '篡改' })).toEqual(NOT_PRIMARY);
      }
    }

    // The main account of B can manage B only.
    expect(await api.remove(b.primary, subA1.userId)).toEqual(NOT_OWN_SUB);
    expect(await api.remove(b.primary, a.primary.userId)).toEqual(NOT_OWN_SUB);
    expect(await api.update(b.primary, { userId: subA2.userId, remark: '篡改' })).toEqual(NOT_OWN_SUB);
    // Refused as a whole: B's name does not change either.
    expect(
      await api.update(b.primary, { enterpriseName: 'B 新名', userId: subA2.userId, remark: '篡改' }),
    ).toEqual(NOT_OWN_SUB);
    expect(await api.invite(b.primary, a.primary.userId)).toEqual({
      code: 403,
      data: null,
      message: '只能为自己的企业生成邀请二维码',
    });
    const listedByB = await api.list(b.primary);
    expect(listedByB.data.records.map((record: { userId: number }) => record.userId)).toEqual([subB.userId]);
    expect(listedByB.data.enterprise.enterpriseId).toBe(b.enterpriseId);

    // The main account cannot remove itself, another main account, or anyone not its sub-account.
    expect(await api.remove(a.primary, a.primary.userId)).toEqual({
      code: 403,
      data: null,
      message: '主账号不能移除自己',
    });
    for (const target of [b.primary.userId, subB.userId, individual.userId, 2 ** 40]) {
      expect(await api.remove(a.primary, target)).toEqual(NOT_OWN_SUB);
    }

    expect({ a: await stored(a.enterpriseId), b: await stored(b.enterpriseId) }).toEqual(before);
    expect(await enterpriseOfUser(individual.userId)).toBeUndefined();
  });

  describe('joining', () => {
    it('refuses an expired invite, and accepts it until the moment it expires', async () => {
      const { primary, enterpriseId } = await newEnterprise();
      const invite = await inviteOf(primary);
      server.clock.advance(INVITE_TTL_MS - 60_000);
      // Sessions idle for 24 hours end, so the joiners sign in after the clock moved.
      const inTime = await newUser();
      expect((await api.join(inTime, invite)).code).toBe(200);
      server.clock.advance(60_000);
      const late = await newUser();
      expect(await api.join(late, invite)).toEqual({
        code: 403,
        data: null,
        message: '邀请二维码已过期，请向企业主账号索取新的二维码',
      });
      expect(await enterpriseOfUser(late.userId)).toBeUndefined();
      expect((await stored(enterpriseId)).members).toHaveLength(2);
    });

    it('refuses forged and altered invites, and invites of an enterprise whose main account changed', async () => {
      const a = await newEnterprise();
      const b = await newEnterprise();
      const invite = await inviteOf(a.primary);
      const [version, payload, signature] = invite.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const reencode = (changed: object) =>
        [
          version,
          Buffer.from(JSON.stringify({ ...claims, ...changed })).toString('base64url'),
          signature,
        ].join('.');
      const joiner = await newUser();
      const forgeries = [
        // Pointed at enterprise B, or made to last longer, keeping A's signature.
        reencode({ e: b.enterpriseId }),
        reencode({ x: claims.x + INVITE_TTL_MS }),
        // Signed with a key that is not the server's.
        signInvite(randomBytes(32), {
          brandId: 'alpha',
          enterpriseId: b.enterpriseId,
          primaryUserId: b.primary.userId,
          expiresAt: new Date(server.clock.now().getTime() + HOUR),
        }),
        `${invite.slice(0, -10)}${invite.at(-10) === 'A' ? 'B' : 'A'}${invite.slice(-9)}`,
        'v1.e30.AAAA',
        'garbage',
      ];
      for (const forged of forgeries) {
        expect(await api.join(joiner, forged), forged).toEqual(INVITE_INVALID);
      }
      expect(await enterpriseOfUser(joiner.userId)).toBeUndefined();
      expect((await stored(a.enterpriseId)).members).toHaveLength(1);
      expect((await stored(b.enterpriseId)).members).toHaveLength(1);

      // A genuine invite naming a main account the enterprise no longer has is void.
      await server.db.query('UPDATE enterprise_member SET role = $2 WHERE user_id = $1', [
        a.primary.userId,
        'sub',
      ]);
      await server.db.query(
        `INSERT INTO enterprise_member (user_id, enterprise_id, brand_id, role, joined_at) VALUES ($1, $2, 'alpha', 'primary', $3)`,
        [(await newUser()).userId, a.enterpriseId, server.clock.now()],
      );
      expect(await api.join(joiner, invite)).toEqual(INVITE_INVALID);
      expect(await enterpriseOfUser(joiner.userId)).toBeUndefined();
    });

    it('refuses joining while joining is off, and takes the user once it is on again', async () => {
      const { primary, enterpriseId } = await newEnterprise();
      const invite = await inviteOf(primary);
      await api.allowJoin(primary, false);
      const joiner = await newUser();
      expect(await api.join(joiner, invite)).toEqual({
        code: 403,
        data: null,
        message: '该企业暂未开放加入，请联系企业主账号',
      });
      expect((await stored(enterpriseId)).members).toHaveLength(1);
      await api.allowJoin(primary, true);
      expect((await api.join(joiner, invite)).code).toBe(200);
    });

    it('refuses joining a full enterprise', async () => {
      const { primary, enterpriseId } = await newEnterprise({ maxSubAccounts: 2 });
      await newSubAccount(primary);
      await newSubAccount(primary);
      const third = await newUser();
      expect(await api.join(third, await inviteOf(primary))).toEqual({
        code: 403,
        data: null,
        message: '该企业子账号已满（最多 2 个），请联系企业主账号',
      });
      expect((await stored(enterpriseId)).members).toHaveLength(3);
    });

    raceTest(target, 'never overfills an enterprise when several users join at once', async () => {
      const { primary, enterpriseId } = await newEnterprise({ maxSubAccounts: 2 });
      const invite = await inviteOf(primary);
      const joiners = await Promise.all(Array.from({ length: 6 }, () => newUser()));
      const answers = await Promise.all(joiners.map((joiner) => api.join(joiner, invite)));
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(2);
      expect(answers.filter((answer) => answer.code === 403)).toHaveLength(4);
      expect((await stored(enterpriseId)).members).toHaveLength(3);
    });

    it('refuses a user who already belongs to an enterprise, its own included', async () => {
      const a = await newEnterprise();
      const b = await newEnterprise();
      const subA = await newSubAccount(a.primary);
      const inviteA = await inviteOf(a.primary);
      const inviteB = await inviteOf(b.primary);
      const before = { a: await stored(a.enterpriseId), b: await stored(b.enterpriseId) };
      expect(await api.join(subA, inviteB)).toEqual(ALREADY_MEMBER);
      expect(await api.join(subA, inviteA)).toEqual(ALREADY_MEMBER);
      expect(await api.join(a.primary, inviteA)).toEqual(ALREADY_MEMBER);
      expect(await api.join(a.primary, inviteB)).toEqual(ALREADY_MEMBER);
      expect({ a: await stored(a.enterpriseId), b: await stored(b.enterpriseId) }).toEqual(before);
    });
  });

  describe('across brands', () => {
    it("refuses another brand's invite, tokens and enterprises", async () => {
      const alpha = await newEnterprise();
      const alphaSub = await newSubAccount(alpha.primary);
      const beta = await newEnterprise({ brand: 'beta' });
      const alphaInvite = await inviteOf(alpha.primary);
      const betaInvite = await inviteOf(beta.primary);
      expect((await api.invite(beta.primary)).data.inviteUrl).toMatch(
        /^http:\/\/localhost:80\/beta\/#\/enterpriseJoin\?invite=/,
      );
      const before = { alpha: await stored(alpha.enterpriseId), beta: await stored(beta.enterpriseId) };

      // An invite works only in its own brand.
      const betaUser = await newUser('beta');
      const alphaUser = await newUser('alpha');
      expect(await api.join(betaUser, alphaInvite)).toEqual(INVITE_INVALID);
      expect(await api.join(alphaUser, betaInvite)).toEqual(INVITE_INVALID);

      // A token of one brand is refused by the other (401), whatever it asks.
      const asBeta = (user: TestUser): TestUser => ({ ...user, brand: 'beta' });
      for (const answer of [
        await api.list(asBeta(alpha.primary)),
        await api.remove(asBeta(alpha.primary), alphaSub.userId),
        await api.allowJoin(asBeta(alpha.primary), false),
        await api.join(asBeta(alphaUser), betaInvite),
      ]) {
        expect(answer.code).toBe(401);
      }

      // The main account of the beta enterprise cannot reach alpha's accounts.
      expect(await api.remove(beta.primary, alphaSub.userId)).toEqual(NOT_OWN_SUB);
      expect(await api.update(beta.primary, { userId: alphaSub.userId, remark: '篡改' })).toEqual(
        NOT_OWN_SUB,
      );
      expect((await api.list(beta.primary)).data.records).toEqual([]);

      expect({ alpha: await stored(alpha.enterpriseId), beta: await stored(beta.enterpriseId) }).toEqual(
        before,
      );
      expect(await enterpriseOfUser(betaUser.userId)).toBeUndefined();
      expect(await enterpriseOfUser(alphaUser.userId)).toBeUndefined();
    });
  });

  it('accepts on one API node an invite another node signed: the key is shared through the database', async () => {
    const secondNode: FastifyInstance = await buildServer({
      db: server.db,
      sites: [],
      defaultBrand: 'alpha',
      clock: server.clock.now,
      devMode: true,
    });
    try {
      const { primary, enterpriseId } = await newEnterprise();
      const invite = await inviteOf(primary);
      const joiner = await newUser();
      const joined = await callApi(secondNode, 'POST', '/webchat/api/enterprise/account/join', {
        headers: joiner.headers,
        params: { invite },
      });
      expect(joined.code, joined.message).toBe(200);
      expect(await enterpriseOfUser(joiner.userId)).toEqual({ enterpriseId, role: 'sub' });
      const keys = await server.db.query('SELECT name FROM server_secret');
      expect(keys).toEqual([{ name: 'enterprise-invite' }]);
    } finally {
      await secondNode.close();
    }
  });
});
