import { randomBytes } from 'node:crypto';
import { brandManifestSchema } from '@tender/brand';
import type { PrivilegeKey } from '@tender/contracts';
import type { MemberCode, PaidMemberCode, PrivilegeValue } from '@tender/domain';
import { grantMembership, setPrivilegeValue } from '../membership/service';
import { tenantService } from '../tenants/service';
import { insertTenderItems, type TenderItemRow } from '../tenders/queries';
import { callApi } from './call-api';
import { newMobile, type SignedInUser, signIn } from './sign-in';
import type { TestServer } from './test-server';

/** A signed-in user with the brand it belongs to. */
export type MemberTestUser = SignedInUser & { brand: string; mobile: string };

const DAY = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * A brand of its own for one test (its privilege values can be changed without touching other tests), seeded by
 * the same `tenantService.seed` a start runs, with the default levels and privileges.
 */
export async function newTestBrand(
  server: TestServer,
  flags: { analysis?: boolean; export?: boolean; payment?: boolean } = {},
): Promise<string> {
  const id = `t${randomBytes(5).toString('hex')}`;
  await tenantService(server.db).seed([
    brandManifestSchema.parse({
      id,
      name: `测试品牌${id}`,
      title: `测试品牌${id}`,
      colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1'] },
      flags: {
        analysis: flags.analysis ?? true,
        export: flags.export ?? true,
        payment: flags.payment ?? true,
        newDemandMode: true,
      },
      interfaceVersion: 20,
      registerType: 50,
      legal: {
        termsUrl: 'https://test.example/terms.html',
        privacyUrl: 'https://test.example/privacy.html',
        clauseName: '测试用户服务协议',
        privacyPolicyVersion: '2026-11-01',
      },
      footer: { text: '测试信息科技有限公司', caseNumber: '京ICP备2024000009号-1' },
      supportPhone: '400-000-0009',
    }),
  ]);
  return id;
}

export async function setPrivilege(
  server: TestServer,
  brandId: string,
  level: MemberCode,
  key: PrivilegeKey,
  value: PrivilegeValue,
): Promise<void> {
  await setPrivilegeValue(server.db, { brandId, level, key, value, actor: 'test' }, server.clock.now());
}

export async function newMember(server: TestServer, brand: string): Promise<MemberTestUser> {
  const mobile = newMobile();
  const user = await signIn(server, brand, mobile, { version: brand === 'beta' ? 19 : 20 });
  return { ...user, brand, mobile };
}

/** Grants a level through the one service function orders and the operator CLI use. */
export async function grant(
  server: TestServer,
  user: { userId: number; brand: string },
  level: PaidMemberCode,
  months: number,
  areas: string[] = ['全国'],
) {
  return grantMembership(
    server.db,
    { brandId: user.brand, userId: user.userId, level, months, areas, source: 'operator', actor: 'test' },
    server.clock.now(),
  );
}

/** Calls an endpoint as the user, with its brand's global parameters. */
export function callAs(
  server: TestServer,
  user: MemberTestUser,
  method: 'GET' | 'POST',
  path: string,
  params?: Record<string, unknown>,
) {
  return callApi(server.app, method, path, {
    headers: user.headers,
    params,
    brand: user.brand,
    version: user.brand === 'beta' ? 19 : 20,
  });
}

/** A new user of the primary's brand who joins the primary's enterprise through the real invite flow. */
export async function newSubAccount(server: TestServer, primary: MemberTestUser): Promise<MemberTestUser> {
  const invite = await callAs(server, primary, 'POST', '/webchat/api/enterprise/account/invite-qrcode', {
    primaryUserId: primary.userId,
  });
  const sub = await newMember(server, primary.brand);
  const joined = await callAs(server, sub, 'POST', '/webchat/api/enterprise/account/join', {
    invite: invite.data.invite,
  });
  if (joined.code !== 200) throw new Error(`join answered ${joined.code} ${joined.message}`);
  return sub;
}

let nextItem = 0;

/** Announcements or projects of one type in one province (null: none), through the tender data's own insert. */
export async function addTenderItems(
  server: TestServer,
  docType: 'zb' | 'bg' | 'jg' | 'yg' | 'yx' | 'nj' | 'sp',
  provinceCode: string | null,
  count = 1,
): Promise<number[]> {
  const rows: TenderItemRow[] = Array.from({ length: count }, () => {
    nextItem += 1;
    const key = `${randomBytes(6).toString('hex')}-${nextItem}`;
    return {
      docType,
      procurementMethod: null,
      noticeKind: null,
      title: `测试项目${key}`,
      body: `测试项目${key}的公告正文`,
      projectKey: null,
      projectCode: null,
      projectName: null,
      provinceCode,
      cityCode: null,
      districtCode: null,
      industryCode: null,
      budgetFen: null,
      budgetRaw: null,
      awardFen: null,
      awardRaw: null,
      publishDate: '2026-01-05',
      documentsFrom: null,
      documentsUntil: null,
      bidDeadline: null,
      openingTime: null,
      expectedPurchaseMonth: null,
      sourceId: `test:${key}`,
      sourceUrl: null,
      sourceName: null,
      dedupKey: `test-${key}`,
    };
  });
  const ids = await insertTenderItems(server.db, rows);
  return rows.map((row) => ids.get(row.dedupKey) as number);
}

/**
 * Moves the server's clock forward to the next `hour`:00 China time, so a test that counts daily uses never
 * straddles midnight in Asia/Shanghai by accident (and one that wants a new day can ask for it).
 */
export function advanceToChinaHour(server: TestServer, hour: number): void {
  const now = server.clock.now().getTime();
  const chinaMidnight = Math.floor((now + CHINA_OFFSET_MS) / DAY) * DAY - CHINA_OFFSET_MS;
  let target = chinaMidnight + hour * 3_600_000;
  if (target <= now) target += DAY;
  server.clock.advance(target - now);
}
