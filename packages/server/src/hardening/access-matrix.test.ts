import { type EndpointDefinition, PRIVILEGE_KEYS, type PrivilegeKey } from '@tender/contracts';
import { API_ENDPOINTS } from '@tender/contracts/server';
import type { MemberCode, PrivilegeValue } from '@tender/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelCatalog } from '../membership/service';
import { messages } from '../messages';
import { testDatabaseTargets } from '../test-support/databases';
import {
  grant,
  type MemberTestUser,
  newMember,
  newSubAccount,
  newTestBrand,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { validRequest } from './endpoint-samples';

/** Who calls: the rows of spec §8's outcomes, from nobody to each member level and the enterprise's accounts. */
const CALLERS = [
  'no token',
  'expired token',
  "other brand's token",
  'incomplete profile',
  'putong',
  'toubiaotong',
  'qiyetong',
  'qiye main account',
  'sub-account',
  'other enterprise',
] as const;
type CallerName = (typeof CALLERS)[number];

interface Caller {
  headers: Record<string, string>;
  /** The level whose privileges apply (a sub-account has its enterprise's); undefined before sign-in passes. */
  level?: MemberCode;
  user?: MemberTestUser;
}

/** What the contract and the privileges say a cell must answer. */
type Expectation =
  | { outcome: 'refused'; code: number; message?: string }
  | { outcome: 'gate refused'; type: string }
  | { outcome: 'allowed' }
  /** Past the sign-in checks; what follows is the endpoint's business (its own tests), never a crash. */
  | { outcome: 'signed in' };

/** The endpoints guarded by one privilege with no item (src/gates, analysis, prediction READMEs). */
const PRIVILEGE_OF: Record<string, PrivilegeKey> = {
  'POST /webchat/api/auth/pcLoginAuth': 'havePcLogin',
  'GET /webchat/api/project-monitor/getProjectMonitorPermission': 'projectMonitor',
  'GET /webchat/api/auth/getProjectMonitorPermission': 'projectMonitor',
  'POST /webchat/api/auth/toubiaoPredictAuth': 'toubiaoPredict',
  'POST /webchat/api/analysis/market': 'bussinessAnalyzer',
  'POST /webchat/api/zhaozhongbiaoDetails/judge-project-analysis': 'projectAnalyzer',
};

/** Enterprise management and statistics: the main account of an enterprise only (src/enterprise, src/analysis). */
const MAIN_ACCOUNT_ONLY = new Set([
  'POST /webchat/api/enterprise/account/list',
  'GET /webchat/api/enterprise/account/allowJoin',
  'POST /webchat/api/enterprise/account/invite-qrcode',
  'POST /webchat/api/enterprise/account/update',
  'POST /webchat/api/analysis/dataStatistics',
]);

const allows = (value: PrivilegeValue | undefined) => value !== 0 && value !== false && value !== undefined;

/** A 1×1 PNG, the smallest avatar there is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseTargets())('access matrix on $name', (target) => {
  let server: TestServer;
  /** A brand of this suite: toubiaotong without PC use, so the PC check has refused cells too. */
  let brand: string;
  const callers = new Map<CallerName, Caller>();
  let privileges: Map<MemberCode, Record<PrivilegeKey, PrivilegeValue>>;

  beforeAll(async () => {
    server = await startTestServer(target);
    brand = await newTestBrand(server);
    await setPrivilege(server, brand, 'toubiaotong', 'havePcLogin', false);
    const member = async (level?: 'toubiaotong' | 'qiyetong' | 'qiye') => {
      const user = await newMember(server, brand);
      if (level) await grant(server, user, level, 12);
      return user;
    };
    const withToken = (user: { headers: { authorization: string } }) => ({ ...user.headers });

    const expired = await member();
    await server.db.query('UPDATE user_session SET expires_at = $2 WHERE user_id = $1', [
      expired.userId,
      new Date(server.clock.now().getTime() - 1000),
    ]);
    const otherBrand = await newMember(server, 'alpha');
    const incomplete = await signIn(server, brand, newMobile(), { completeProfile: false });
    const main = await member('qiye');
    const sub = await newSubAccount(server, main);
    const otherMain = await member('qiye');

    callers.set('no token', { headers: {} });
    callers.set('expired token', { headers: withToken(expired) });
    callers.set("other brand's token", { headers: withToken(otherBrand) });
    callers.set('incomplete profile', { headers: withToken(incomplete) });
    const putong = await member();
    callers.set('putong', { headers: withToken(putong), level: 'putong', user: putong });
    for (const level of ['toubiaotong', 'qiyetong'] as const) {
      const user = await member(level);
      callers.set(level, { headers: withToken(user), level, user });
    }
    callers.set('qiye main account', { headers: withToken(main), level: 'qiye', user: main });
    callers.set('sub-account', { headers: withToken(sub), level: 'qiye', user: sub });
    callers.set('other enterprise', { headers: withToken(otherMain), level: 'qiye', user: otherMain });

    // The privilege table operators set (`tender-server privilege list`), not an answer of the endpoints.
    const catalog = await levelCatalog(server.db, brand);
    privileges = new Map(
      catalog.levels.map((level) => [
        level.memberCode,
        level.privileges as Record<PrivilegeKey, PrivilegeValue>,
      ]),
    );
  });

  afterAll(async () => {
    await server.close();
  });

  /** The request of a cell: the contract's sample, with the accounts the enterprise cells are about. */
  function requestOf(endpoint: EndpointDefinition, caller: CallerName): Record<string, unknown> {
    const route = `${endpoint.method} ${endpoint.path}`;
    const sample = endpoint.path.endsWith('/upload/avatar') ? {} : validRequest(endpoint);
    const sub = callers.get('sub-account')?.user;
    const otherMain = callers.get('other enterprise')?.user;
    if (
      route === 'GET /webchat/api/enterprise/account/remove' ||
      route === 'POST /webchat/api/enterprise/account/update'
    ) {
      // Each main account names the other enterprise's account: never its own people, so nothing is removed.
      const target = caller === 'qiye main account' ? otherMain : sub;
      return route.endsWith('/remove')
        ? { ...sample, userId: target?.userId }
        : { userId: target?.userId, remark: '越权备注' };
    }
    if (route === 'POST /webchat/api/enterprise/account/invite-qrcode') {
      return { ...sample, primaryUserId: callers.get(caller)?.user?.userId ?? sample.primaryUserId };
    }
    return sample;
  }

  function expectationOf(
    endpoint: EndpointDefinition,
    name: CallerName,
    request: Record<string, unknown>,
  ): Expectation {
    const route = `${endpoint.method} ${endpoint.path}`;
    if (endpoint.access === 'public') return { outcome: 'signed in' };
    if (name === 'no token') return { outcome: 'refused', code: 401, message: messages.auth.notSignedIn };
    if (name === 'expired token')
      return { outcome: 'refused', code: 401, message: messages.auth.sessionExpired };
    if (name === "other brand's token") return { outcome: 'refused', code: 401 };
    if (name === 'incomplete profile') {
      return endpoint.access === 'user'
        ? { outcome: 'refused', code: 430, message: messages.auth.profileIncomplete }
        : { outcome: 'signed in' };
    }
    const caller = callers.get(name) as Caller;
    const values = privileges.get(caller.level as MemberCode) as Record<PrivilegeKey, PrivilegeValue>;
    const privilege =
      route === 'GET /webchat/api/auth/getPermissionNum'
        ? (request.type as PrivilegeKey)
        : PRIVILEGE_OF[route];
    if (privilege) {
      if (!allows(values.havePcLogin)) return { outcome: 'gate refused', type: 'pcUse' };
      // src/gates README: the export's own dialog for data export, the membership dialog for the rest.
      const dialog = privilege === 'downloadProject' ? 'exportPermission' : 'member';
      return allows(values[privilege]) ? { outcome: 'allowed' } : { outcome: 'gate refused', type: dialog };
    }
    const isMain = name === 'qiye main account' || name === 'other enterprise';
    if (MAIN_ACCOUNT_ONLY.has(route)) {
      if (route.endsWith('/update')) {
        // Renaming someone else's sub-account: refused to a main account too.
        return isMain
          ? { outcome: 'refused', code: 403, message: messages.enterprise.notOwnSubAccount }
          : { outcome: 'refused', code: 403, message: messages.enterprise.notPrimary };
      }
      return isMain ? { outcome: 'allowed' } : { outcome: 'refused', code: 403 };
    }
    if (route === 'GET /webchat/api/enterprise/account/remove') {
      return isMain
        ? { outcome: 'refused', code: 403, message: messages.enterprise.notOwnSubAccount }
        : { outcome: 'refused', code: 403, message: messages.enterprise.notPrimary };
    }
    if (route === 'POST /webchat/api/submitOrder' && name === 'sub-account') {
      return { outcome: 'refused', code: 403, message: messages.membership.onlyPrimaryBuys };
    }
    return { outcome: 'signed in' };
  }

  async function call(
    endpoint: EndpointDefinition,
    headers: Record<string, string>,
    request: Record<string, unknown>,
  ) {
    const version = 20;
    if (endpoint.path.endsWith('/upload/avatar')) {
      const boundary = 'matrix-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return server.app.inject({
        method: 'POST',
        url: `${endpoint.path}?brand=${brand}&version=${version}`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    }
    const fields = { brand, version, ...request };
    return endpoint.method === 'GET'
      ? server.app.inject({
          method: 'GET',
          url: `${endpoint.path}?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)] as [string, string]))}`,
          headers,
        })
      : server.app.inject({ method: 'POST', url: endpoint.path, headers, payload: fields });
  }

  it('shows a main account only its own enterprise', async () => {
    const otherMain = callers.get('other enterprise')?.user as MemberTestUser;
    const sub = callers.get('sub-account')?.user as MemberTestUser;
    const list = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/enterprise/account/list',
      headers: otherMain.headers,
      payload: { brand, version: 20 },
    });
    expect(list.json().code).toBe(200);
    expect(JSON.stringify(list.json().data)).not.toContain(`"userId":${sub.userId}`);
  });

  // Completing the profile ends 'incomplete profile', logout ends every caller's session: both last.
  const lastOnes = ['/webchat/api/perfect', '/webchat/api/login/logout'];
  const endpoints = [...API_ENDPOINTS].sort((a, b) => lastOnes.indexOf(a.path) - lastOnes.indexOf(b.path));
  const variants = endpoints.flatMap(
    (endpoint): { endpoint: EndpointDefinition; override: { type?: string } }[] =>
      endpoint.path === '/webchat/api/auth/getPermissionNum'
        ? PRIVILEGE_KEYS.map((key) => ({ endpoint, override: { type: key } }))
        : [{ endpoint, override: {} }],
  );

  it.each(
    variants.map(
      (variant) =>
        [
          `${variant.endpoint.method} ${variant.endpoint.path}${variant.override.type ? `?type=${variant.override.type}` : ''}`,
          variant,
        ] as const,
    ),
  )('%s answers each caller as its access and the privileges say', async (_name, { endpoint, override }) => {
    const wrong: string[] = [];
    for (const name of CALLERS) {
      const caller = callers.get(name) as Caller;
      const request = { ...requestOf(endpoint, name), ...override };
      const expected = expectationOf(endpoint, name, request);
      const response = await call(endpoint, caller.headers, request);
      let body: { code?: number; message?: string; data?: { type?: string } } = {};
      try {
        body = response.json();
      } catch {
        // a file: HTTP 200 is its success
      }
      const code = body.code ?? (response.statusCode === 200 ? 200 : response.statusCode);
      const cell = `${name}: expected ${JSON.stringify(expected)}, got ${code} ${body.message ?? ''}`;
      if (response.statusCode >= 500 || code === 500) wrong.push(cell);
      else if (response.headers['set-cookie']) wrong.push(`${cell} (sets a cookie)`);
      else if (expected.outcome === 'refused') {
        if (code !== expected.code || (expected.message && body.message !== expected.message))
          wrong.push(cell);
      } else if (expected.outcome === 'gate refused') {
        if (code !== 403 || body.data?.type !== expected.type) wrong.push(cell);
      } else if (expected.outcome === 'allowed') {
        if (code !== 200) wrong.push(cell);
      } else if ([401, 4011, 430].includes(code)) wrong.push(cell);
    }
    expect(wrong).toEqual([]);
  });
});
