import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { migrationsDir } from '../paths';
import { testDatabaseTargets } from '../test-support/databases';
import { crawlSource } from './crawler';
import { FIXTURES, type Replay, replayServer } from './replay-server';
import { ccgp, jsggzy, xjggzy } from './sources';

const ALLOW_ALL = { text: 'User-agent: *\nDisallow:\n' };
const CCGP_NOTICE = '/cggg/dfgg/zbgg/202505/t20250527_24670758.htm';
const CCGP_CHANGED = '/cggg/dfgg/gkzb/202505/t20250526_24660001.htm';
/** Fast politeness for a local server; the defaults are for the live sites. */
const QUICK = { delaySecs: 0, maxRetries: 1, retryBackoffMs: 10 };

const ccgpSite: Record<string, Replay> = {
  '/robots.txt': ALLOW_ALL,
  '/cggg/dfgg/index.htm': { file: 'ccgp-dfgg-index.htm' },
  [CCGP_NOTICE]: { file: 'pages/ccgp-t20250527_24670758.htm' },
  // The site's detail template changed: this page is another site's layout.
  [CCGP_CHANGED]: { file: 'pages/xjggzy-detail.html' },
};

describe.each(testDatabaseTargets())('crawlers on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
  });
  afterAll(async () => {
    await db.close();
  });

  const itemsFrom = (sourceUrlPrefix: string) =>
    db.query<{ title: string; source_id: string; doc_type: string; publish_date: string }>(
      `SELECT title, source_id, doc_type, publish_date::text AS publish_date
       FROM tender_item WHERE source_url LIKE $1 ORDER BY id`,
      [`${sourceUrlPrefix}%`],
    );

  it('ccgp: follows the list to its detail pages, imports what it reads, reports the page it cannot read', async () => {
    const site = await replayServer(ccgpSite);
    const lines: string[] = [];
    try {
      const report = await crawlSource(db, ccgp, {
        origin: site.origin,
        ...QUICK,
        log: (line) => lines.push(line),
      });
      expect(report).toMatchObject({
        source: 'ccgp',
        listPages: 1,
        detailPages: 2,
        inserted: 1,
        duplicates: 0,
      });
      expect(report.failed).toEqual([
        { url: `${site.origin}${CCGP_CHANGED}`, reason: expect.stringContaining('详情页结构无法识别') },
      ]);
      expect(lines).toContainEqual(expect.stringContaining(`无法读取 ${site.origin}${CCGP_CHANGED}`));
      const items = await itemsFrom(site.origin);
      expect(items).toEqual([
        {
          title: '深圳市龙华科技实验高级中学空调采购中标（成交）结果公告',
          source_id: 'ccgp:24670758',
          doc_type: 'jg',
          publish_date: '2025-05-27',
        },
      ]);
      // The zygg channel answers 404 here: no page, no failure. Paging stopped at the list's 404 next page.
      expect(site.requested).toContain('/cggg/dfgg/index_1.htm');

      // A rerun fetches the list again but no detail page it imported; the unreadable one is tried again.
      site.requested.length = 0;
      const again = await crawlSource(db, ccgp, { origin: site.origin, ...QUICK });
      expect(site.requested).not.toContain(CCGP_NOTICE);
      expect(site.requested).toContain(CCGP_CHANGED);
      expect(again).toMatchObject({ detailPages: 1, inserted: 0 });
      expect(await itemsFrom(site.origin)).toHaveLength(1);
      const [state] = await db.query<{ last_published: string }>(
        `SELECT last_published::text AS last_published FROM crawl_source_state WHERE source = 'ccgp'`,
      );
      expect(state?.last_published).toBe('2025-05-27');
    } finally {
      await site.close();
    }
  });

  it('a list page in a changed layout is reported with its URL, and nothing of it is imported', async () => {
    const site = await replayServer({
      '/robots.txt': ALLOW_ALL,
      // The list page now looks like a detail page: no ul.c_list_bid.
      '/cggg/zygg/index.htm': { file: 'pages/ccgp-t20250527_24670758.htm' },
    });
    try {
      const report = await crawlSource(db, ccgp, { origin: site.origin, ...QUICK });
      expect(report.failed).toEqual([
        { url: `${site.origin}/cggg/zygg/index.htm`, reason: expect.stringContaining('列表页结构无法识别') },
      ]);
      expect(report.detailPages).toBe(0);
      expect(await itemsFrom(site.origin)).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('robots.txt refusing the list pages: nothing but robots.txt is fetched, and the refusal is reported', async () => {
    const site = await replayServer({
      ...ccgpSite,
      '/robots.txt': { text: 'User-agent: *\nDisallow: /cggg/\n' },
    });
    try {
      const report = await crawlSource(db, ccgp, { origin: site.origin, ...QUICK });
      expect(site.requested).toEqual(['/robots.txt']);
      expect(report.failed.map((page) => page.reason)).toEqual([
        'robots.txt 不允许抓取',
        'robots.txt 不允许抓取',
      ]);
      expect(report.listPages).toBe(0);
    } finally {
      await site.close();
    }
  });

  it.each([
    {
      source: jsggzy,
      detail: '/jyxx/003001/003001001/20260515/7d3c1f6e-2b1a-4c55-9a0e-1f2e3d4c5b6a.html',
      file: 'pages/jsggzy-detail.html',
      title: '南京地铁招标公告',
    },
    {
      source: xjggzy,
      detail: '/jyxx/003001/003001001/20210623/bb3d100b-b33a-4ef6-b718-c187b3e9daf3.html',
      file: 'pages/xjggzy-detail.html',
      title: '轮台县2021年保障性住房及配套建设项目（监理）招标公告',
    },
  ])(
    '$source.id: the 新点 list row leads to its detail page, which is imported',
    async ({ source, detail, file, title }) => {
      const list = readFileSync(join(FIXTURES, 'epoint-moreinfo.html'), 'utf8')
        .replaceAll('DETAIL_PATH', detail)
        .replaceAll('DETAIL_TITLE', title)
        .replaceAll('DETAIL_DATE', '2026-05-15');
      const site = await replayServer({
        '/robots.txt': ALLOW_ALL,
        [source.startPaths[0] as string]: { html: list },
        [detail]: { file },
      });
      try {
        const report = await crawlSource(db, source, { origin: site.origin, ...QUICK });
        expect(report.failed).toEqual([]);
        expect(report).toMatchObject({ detailPages: 1, inserted: 1 });
        const [item] = await itemsFrom(`${site.origin}${detail}`);
        expect(item).toMatchObject({ title, source_id: `${source.id}:${detail.slice(-41, -5)}` });
      } finally {
        await site.close();
      }
    },
  );
});
