import { parseArgs } from 'node:util';
import type { Command } from '../cli/commands';
import { migrate, readMigrations } from '../db/migrate';
import { messages } from '../messages';
import { createPartnerKey, revokePartnerKey } from '../partner-ingest/keys';
import { migrationsDir } from '../paths';
import { crawlSource, DEFAULT_USER_AGENT } from './crawler';
import { CRAWL_SOURCES } from './sources';

const text = messages.crawl;

function positiveNumber(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(text.crawlUsage);
  return number;
}

/**
 * `tender-server crawl <source> [--max-pages N] [--delay SECONDS]`: one run of one source's crawler; exits 1
 * when a page could not be read, so a timer's failure shows in the service's status.
 */
export const crawlCommand: Command = {
  name: 'crawl',
  summary: `抓取一个公开数据源的新公告并导入（${CRAWL_SOURCES.map((source) => source.id).join('、')}），只取未见过的详情页`,
  async run({ args, openDatabase, print }) {
    const parsed = parseArgs({
      args,
      options: { 'max-pages': { type: 'string' }, delay: { type: 'string' } },
      allowPositionals: true,
    });
    const [name, ...extra] = parsed.positionals;
    if (!name || extra.length) throw new Error(text.crawlUsage);
    const source = CRAWL_SOURCES.find((candidate) => candidate.id === name);
    if (!source) throw new Error(text.unknownSource(name, CRAWL_SOURCES.map((known) => known.id).join('、')));
    const db = await openDatabase();
    try {
      await migrate(db, readMigrations(migrationsDir));
      const report = await crawlSource(db, source, {
        maxPages: positiveNumber(parsed.values['max-pages'], 5),
        delaySecs: positiveNumber(parsed.values.delay, 5),
        userAgent: process.env.CRAWL_USER_AGENT || DEFAULT_USER_AGENT,
        log: print,
      });
      if (report.failed.length > 0) process.exitCode = 1;
    } finally {
      await db.close();
    }
  },
};

/** `tender-server partner create <name>` prints a new key once; `partner revoke <prefix>` stops it. */
export const partnerCommand: Command = {
  name: 'partner',
  summary: '合作方接入密钥：create <名称> 创建（只显示一次），revoke <密钥前缀> 停用',
  async run({ args, openDatabase, print, clock }) {
    const [action, value, ...extra] = args;
    if (!value || extra.length || (action !== 'create' && action !== 'revoke'))
      throw new Error(text.partnerUsage);
    const db = await openDatabase();
    const now = clock ? clock() : new Date();
    try {
      await migrate(db, readMigrations(migrationsDir));
      if (action === 'create') {
        print(text.partnerCreated(value, await createPartnerKey(db, value, now)));
        return;
      }
      if ((await revokePartnerKey(db, value, now)) === 0) throw new Error(text.partnerKeyMissing(value));
      print(text.partnerRevoked(value.slice(0, 10)));
    } finally {
      await db.close();
    }
  },
};
