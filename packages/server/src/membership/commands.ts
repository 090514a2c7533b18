import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { PRIVILEGE_KEYS, type PrivilegeKey } from '@tender/contracts';
import {
  formatDateTime,
  isMemberCode,
  isPaidMemberCode,
  type MemberCode,
  purchaseAreaText,
  WHOLE_COUNTRY,
} from '@tender/domain';
import type { CommandContext } from '../cli/commands';
import { systemClock } from '../clock';
import type { Database } from '../db/database';
import { enterpriseQueries } from '../enterprise/queries';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { tenantQueries } from '../tenants/queries';
import { userQueries } from '../users/queries';
import {
  grantMembership,
  type LevelCatalog,
  levelCatalog,
  loadMembership,
  type Membership,
  memberNameOf,
  parsePrivilegeValue,
  periodAreaText,
  revokeMembership,
  setPrivilegeValue,
} from './service';

const text = messages.memberCli;

/** A mistake in the command line: printed as the command's failure (cli.ts), with the usage. */
class UsageError extends Error {}

function actor(command: string): string {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // no passwd entry (containers): the command alone still says it was an operator
  }
  return `operator:${name} (tender-server ${command})`;
}

/** `--value -1` as `--value=-1`: parseArgs takes a negative number for an option of its own. */
function joinNegativeNumbers(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const next = args[index + 1];
    if (arg.startsWith('--') && !arg.includes('=') && next !== undefined && /^-\d+$/.test(next)) {
      joined.push(`${arg}=${next}`);
      index++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function parse(args: string[], options: Record<string, { type: 'string' }>, usage: string) {
  try {
    return parseArgs({ args: joinNegativeNumbers(args), options, strict: true, allowPositionals: false })
      .values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError(
      `${text.badOption(error instanceof Error ? error.message : String(error))}\n${usage}`,
    );
  }
}

function required(values: Record<string, string | undefined>, option: string, usage: string): string {
  const value = values[option]?.trim();
  if (!value) throw new UsageError(`${text.missingOption(option)}\n${usage}`);
  return value;
}

/** The brand named, or the only one there is. */
async function brandOf(db: Database, brand: string | undefined): Promise<string> {
  const tenants = await tenantQueries(db).list();
  if (brand) {
    if (!tenants.some((tenant) => tenant.id === brand)) throw new UsageError(text.unknownBrand(brand));
    return brand;
  }
  if (tenants.length === 0) throw new UsageError(text.noBrand);
  if (tenants.length > 1)
    throw new UsageError(text.chooseBrand(tenants.map((tenant) => tenant.id).join('、')));
  return (tenants[0] as { id: string }).id;
}

async function userOf(db: Database, brand: string, mobile: string) {
  const user = await userQueries(db).findByMobile(brand, mobile);
  if (!user) throw new UsageError(text.userNotFound(brand, mobile));
  return user;
}

function describe(membership: Membership, levels: LevelCatalog): string {
  const name = memberNameOf(membership, levels);
  const active = membership.periods.find((period) => period.isActive);
  return text.summary(name, active ? formatDateTime(active.expiresAt) : undefined);
}

function printMembership(print: (line: string) => void, membership: Membership, levels: LevelCatalog) {
  print(
    text.current(
      memberNameOf(membership, levels),
      membership.level,
      levels.privilege(membership.level, 'havePcLogin').kind !== 'none',
    ),
  );
  print(text.periodsHeader);
  if (membership.periods.length === 0) print(text.noPeriods);
  for (const period of membership.periods) {
    print(
      text.period(
        levels.get(period.level)?.memberName ?? period.level,
        period.isActive,
        formatDateTime(period.expiresAt),
        periodAreaText(period),
      ),
    );
  }
}

/** Runs `work` on the database, closing it afterwards; business refusals become the command's failure. */
async function withDatabase(context: CommandContext, work: (db: Database) => Promise<void>): Promise<void> {
  const db = await context.openDatabase();
  try {
    await work(db);
  } catch (error) {
    if (error instanceof BusinessError) throw new Error(error.message);
    throw error;
  } finally {
    await db.close();
  }
}

async function memberGrant(context: CommandContext, args: string[], now: Date) {
  const values = parse(
    args,
    {
      brand: { type: 'string' },
      mobile: { type: 'string' },
      level: { type: 'string' },
      areas: { type: 'string' },
      months: { type: 'string' },
    },
    text.memberUsage,
  );
  const mobile = required(values, 'mobile', text.memberUsage);
  const level = required(values, 'level', text.memberUsage);
  if (!isPaidMemberCode(level)) throw new UsageError(messages.membership.notPaidLevel(level));
  const monthsText = required(values, 'months', text.memberUsage);
  const months = /^\d{1,3}$/.test(monthsText) ? Number(monthsText) : Number.NaN;
  if (!(months >= 1 && months <= 120)) throw new UsageError(messages.membership.badMonths);
  const areas = (values.areas ?? WHOLE_COUNTRY)
    .split(/[,，、]/)
    .map((area) => area.trim())
    .filter((area) => area !== '');
  await withDatabase(context, async (db) => {
    const brand = await brandOf(db, values.brand);
    const user = await userOf(db, brand, mobile);
    const change = await grantMembership(
      db,
      {
        brandId: brand,
        userId: user.id,
        level,
        months,
        areas,
        source: 'operator',
        actor: actor('member grant'),
      },
      now,
    );
    const levels = await levelCatalog(db, brand);
    context.print(text.account(mobile, user.id, brand));
    if (change.createdEnterprise)
      context.print(text.enterpriseCreated(change.createdEnterprise.enterpriseName));
    context.print(
      text.granted(levels.get(level)?.memberName ?? level, months, purchaseAreaText(change.areas)),
    );
    context.print(text.before(describe(change.before, levels)));
    context.print(text.after(describe(change.after, levels)));
    printMembership(context.print, change.after, levels);
  });
}

async function memberRevoke(context: CommandContext, args: string[], now: Date) {
  const values = parse(
    args,
    { brand: { type: 'string' }, mobile: { type: 'string' }, level: { type: 'string' } },
    text.memberUsage,
  );
  const mobile = required(values, 'mobile', text.memberUsage);
  const level = values.level?.trim();
  if (level !== undefined && !isPaidMemberCode(level))
    throw new UsageError(messages.membership.notPaidLevel(level));
  await withDatabase(context, async (db) => {
    const brand = await brandOf(db, values.brand);
    const user = await userOf(db, brand, mobile);
    const change = await revokeMembership(
      db,
      { brandId: brand, userId: user.id, level, actor: actor('member revoke') },
      now,
    );
    const levels = await levelCatalog(db, brand);
    const revoked = change.before.periods
      .filter((period) => level === undefined || period.level === level)
      .map((period) => levels.get(period.level)?.memberName ?? period.level);
    context.print(text.account(mobile, user.id, brand));
    context.print(text.revoked(revoked.join('、')));
    context.print(text.before(describe(change.before, levels)));
    context.print(text.after(describe(change.after, levels)));
    printMembership(context.print, change.after, levels);
  });
}

async function memberShow(context: CommandContext, args: string[], now: Date) {
  const values = parse(args, { brand: { type: 'string' }, mobile: { type: 'string' } }, text.memberUsage);
  const mobile = required(values, 'mobile', text.memberUsage);
  await withDatabase(context, async (db) => {
    const brand = await brandOf(db, values.brand);
    const user = await userOf(db, brand, mobile);
    const [membership, levels] = await Promise.all([
      loadMembership(db, brand, user.id, now),
      levelCatalog(db, brand),
    ]);
    context.print(text.account(mobile, user.id, brand));
    const enterprise = await enterpriseQueries(db).membershipOf(brand, user.id);
    if (enterprise) {
      const role = enterprise.role === 'primary' ? text.primaryRole : text.subRole;
      context.print(text.enterpriseRole(role, enterprise.enterpriseName));
    } else {
      context.print(text.noEnterprise);
    }
    printMembership(context.print, membership, levels);
  });
}

function showValue(value: unknown): string {
  return value === null || value === undefined ? '（未设置）' : String(value);
}

async function privilegeSet(context: CommandContext, args: string[], now: Date) {
  const values = parse(
    args,
    {
      brand: { type: 'string' },
      level: { type: 'string' },
      key: { type: 'string' },
      value: { type: 'string' },
    },
    text.privilegeUsage,
  );
  const level = required(values, 'level', text.privilegeUsage);
  if (!isMemberCode(level)) throw new UsageError(messages.membership.unknownLevel(level));
  const key = required(values, 'key', text.privilegeUsage);
  if (!(PRIVILEGE_KEYS as readonly string[]).includes(key)) throw new UsageError(text.unknownKey(key));
  const valueText = required(values, 'value', text.privilegeUsage);
  const value = parsePrivilegeValue(valueText);
  if (value === undefined) throw new UsageError(text.badValue(valueText));
  await withDatabase(context, async (db) => {
    const brand = await brandOf(db, values.brand);
    const change = await setPrivilegeValue(
      db,
      {
        brandId: brand,
        level: level as MemberCode,
        key: key as PrivilegeKey,
        value,
        actor: actor('privilege set'),
      },
      now,
    );
    context.print(
      text.privilegeChanged(brand, level, key, showValue(change.before), showValue(change.after)),
    );
  });
}

async function privilegeList(context: CommandContext, args: string[]) {
  const values = parse(args, { brand: { type: 'string' } }, text.privilegeUsage);
  await withDatabase(context, async (db) => {
    const brand = await brandOf(db, values.brand);
    const { levels } = await levelCatalog(db, brand);
    context.print(text.privilegeHeader(brand));
    const width = Math.max(...PRIVILEGE_KEYS.map((key) => key.length));
    context.print(`${''.padEnd(width)}  ${levels.map((level) => level.memberCode.padEnd(12)).join('')}`);
    for (const key of PRIVILEGE_KEYS) {
      context.print(
        `${key.padEnd(width)}  ${levels.map((level) => String(level.privileges[key]).padEnd(12)).join('')}`,
      );
    }
  });
}

type Subcommand = (context: CommandContext, args: string[], now: Date) => Promise<void>;

async function dispatch(
  context: CommandContext,
  subcommands: Record<string, Subcommand>,
  usage: string,
): Promise<void> {
  const [name, ...args] = context.args;
  const subcommand = name === undefined ? undefined : subcommands[name];
  if (!subcommand) {
    throw new UsageError(name === undefined ? usage : `${text.unknownSubcommand(name)}\n${usage}`);
  }
  await subcommand(context, args, (context.clock ?? systemClock)());
}

/** `tender-server member grant|revoke|show`: operators grant, extend or revoke memberships (audited). */
export const memberCommand = {
  name: 'member',
  summary: '会员：grant 开通/续期（--mobile --level --months [--areas]），revoke 撤销，show 查看（均记审计）',
  run: (context: CommandContext) =>
    dispatch(context, { grant: memberGrant, revoke: memberRevoke, show: memberShow }, text.memberUsage),
};

/** `tender-server privilege set|list`: a brand's privilege values per level (audited). */
export const privilegeCommand = {
  name: 'privilege',
  summary: '会员权限：set 设置某品牌某等级的权限值（--level --key --value），list 列出全部',
  run: (context: CommandContext) =>
    dispatch(context, { set: privilegeSet, list: privilegeList }, text.privilegeUsage),
};
