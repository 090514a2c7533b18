import { parseArgs } from 'node:util';
import { formatDateTime } from '@tender/domain';
import type { Command, CommandContext } from '../cli/commands';
import { messages } from '../messages';
import { userQueries } from '../users/queries';
import { findAudit } from './queries';

const text = messages.auditCli;

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' in China time (as every time the platform shows). */
export function parseChinaTime(value: string, option: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?)?$/.exec(value.trim());
  const date = match && new Date(`${match[1]}T${match[2] ?? '00:00'}${match[3] ?? ':00'}+08:00`);
  if (!date || Number.isNaN(date.getTime())) throw new Error(text.badTime(option, value));
  return date;
}

/**
 * `tender-server audit`: the audit rows of an account, a brand or a period, newest first — payments, exports,
 * account changes and memberships. Read-only; operators only (it needs the database, no endpoint serves it).
 */
export const auditCommand: Command = {
  name: 'audit',
  summary:
    '审计日志：按账号（--user 用户编号 或 --brand --mobile）、时间（--since --until）、动作（--action）查询',
  async run(context: CommandContext) {
    const { values } = parseArgs({
      args: context.args,
      options: {
        brand: { type: 'string' },
        user: { type: 'string' },
        mobile: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        action: { type: 'string' },
        limit: { type: 'string', default: '100' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
    });
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error(text.badLimit(values.limit));
    if (values.user !== undefined && !/^\d{1,15}$/.test(values.user))
      throw new Error(text.badUser(values.user));
    if (values.mobile !== undefined && !values.brand) throw new Error(text.mobileNeedsBrand);
    const since = values.since === undefined ? undefined : parseChinaTime(values.since, '--since');
    const until = values.until === undefined ? undefined : parseChinaTime(values.until, '--until');

    const db = await context.openDatabase();
    try {
      let userId = values.user === undefined ? undefined : Number(values.user);
      if (values.mobile !== undefined && values.brand) {
        const user = await userQueries(db).findByMobile(values.brand, values.mobile);
        if (!user) throw new Error(text.noSuchAccount(values.brand, values.mobile));
        userId = user.id;
      }
      const rows = await findAudit(db, {
        brandId: values.brand,
        userId,
        since,
        until,
        action: values.action,
        limit,
      });
      if (values.json) {
        for (const row of rows)
          context.print(JSON.stringify({ ...row, createdAt: row.createdAt.toISOString() }));
        return;
      }
      if (rows.length === 0) {
        context.print(text.none);
        return;
      }
      for (const row of rows) {
        context.print(
          [
            formatDateTime(row.createdAt, 'YYYY-MM-DD HH:mm:ss'),
            row.brandId,
            row.action,
            row.userId === null ? '-' : text.user(row.userId),
            text.by(row.actor),
            ...(row.target ? [text.target(row.target)] : []),
            ...(row.ip ? [`IP ${row.ip}`] : []),
            JSON.stringify(row.detail),
          ].join('  '),
        );
      }
      if (rows.length === limit) context.print(text.more(limit));
    } finally {
      await db.close();
    }
  },
};
