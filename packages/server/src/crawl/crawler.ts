import { CheerioCrawler, Configuration, log as crawleeLog, LogLevel } from '@crawlee/cheerio';
import type { Database } from '../db/database';
import type { TenderRecord } from '../ingest/record';
import { messages } from '../messages';
import { importNotices, noticeRecord } from './notice-record';
import { markSeen, saveSourceState, seenPages } from './queries';
import { type CrawlSource, LayoutChanged, type ListedNotice } from './sources';

const text = messages.crawl;

export interface CrawlOptions {
  /** Where the source is served from; its real origin unless a test replays it. */
  origin?: string;
  /** List pages to follow per start page at most (default 5). */
  maxPages?: number;
  /** Seconds between two requests to the same host (default 5). */
  delaySecs?: number;
  /** Retries of a failed request, each after a longer wait (default 3). */
  maxRetries?: number;
  /** The first retry's wait; doubled at every retry (default 10 s). */
  retryBackoffMs?: number;
  userAgent?: string;
  /** A line per page that could not be read, and the summary. */
  log?: (line: string) => void;
  now?: () => Date;
}

export interface FailedPage {
  url: string;
  reason: string;
}

export interface CrawlReport {
  source: string;
  listPages: number;
  /** Detail pages fetched in this run (never one an earlier run imported). */
  detailPages: number;
  inserted: number;
  duplicates: number;
  /** Pages that could not be fetched or read, each with why: nothing of them is imported. */
  failed: FailedPage[];
}

/** Names the crawler to the sites (their robots.txt rules for it apply); CRAWL_USER_AGENT overrides it. */
export const DEFAULT_USER_AGENT =
  'TenderPlatformCrawler/1.0 (public procurement notices; robots.txt honoured)';

type RequestData = { kind: 'list'; page: number } | { kind: 'detail'; listed: ListedNotice };

const reasonOf = (problems: { field: string; reason: string }[]) =>
  problems.map((problem) => text.recordRejected(problem.field, problem.reason)).join('；');

/**
 * Crawls one source: its list pages from the start, each notice's detail page unless an earlier run took it,
 * then imports the notices read through the NDJSON import's path. Polite: one request at a time per host, a
 * delay between them, robots.txt honoured, failed requests retried with a doubling wait. A list page whose
 * notices were all seen before ends that channel's paging: the rest is older.
 */
export async function crawlSource(
  db: Database,
  source: CrawlSource,
  options: CrawlOptions = {},
): Promise<CrawlReport> {
  const origin = options.origin ?? source.origin;
  const maxPages = options.maxPages ?? 5;
  const backoffMs = options.retryBackoffMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const print = options.log ?? (() => undefined);
  const seen = await seenPages(db, source.id);
  const queued = new Set<string>();
  const read: { url: string; record: TenderRecord }[] = [];
  const report: CrawlReport = {
    source: source.id,
    listPages: 0,
    detailPages: 0,
    inserted: 0,
    duplicates: 0,
    failed: [],
  };
  let newestPublished: string | undefined;
  const fail = (url: string, reason: string) => {
    report.failed.push({ url, reason });
    print(text.failedPage(url, reason));
  };

  crawleeLog.setLevel(LogLevel.ERROR);
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: 1,
      sameDomainDelaySecs: options.delaySecs ?? 5,
      maxRequestRetries: options.maxRetries ?? 3,
      respectRobotsTxtFile: { userAgent: options.userAgent ?? DEFAULT_USER_AGENT },
      // Past the last list page the sites answer 404: the end of paging, not a failure.
      ignoreHttpErrorStatusCodes: [404],
      useSessionPool: false,
      preNavigationHooks: [
        (_context, gotOptions) => {
          gotOptions.headers = {
            ...gotOptions.headers,
            'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
          };
        },
      ],
      onSkippedRequest: ({ url, reason }) => {
        if (reason === 'robotsTxt') fail(url, text.robotsRefused);
      },
      // Crawlee puts a failed request back at once; the wait doubles at every retry.
      errorHandler: async ({ request }) => {
        await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** request.retryCount));
      },
      failedRequestHandler: ({ request }, error) => fail(request.url, text.fetchFailed(error.message)),
      async requestHandler({ $, request, response, addRequests }) {
        const data = request.userData as RequestData;
        if (data.kind === 'list') {
          if (response.statusCode === 404) return;
          report.listPages += 1;
          let page: ReturnType<CrawlSource['readList']>;
          try {
            page = source.readList($, request.url);
          } catch (error) {
            if (error instanceof LayoutChanged)
              return fail(request.url, `${text.listLayout}：${error.message}`);
            throw error;
          }
          const fresh = page.notices.filter((notice) => !seen.has(notice.url) && !queued.has(notice.url));
          for (const notice of page.notices) {
            if (notice.publishDate && (!newestPublished || notice.publishDate > newestPublished)) {
              newestPublished = notice.publishDate;
            }
          }
          for (const notice of fresh) queued.add(notice.url);
          await addRequests(
            fresh.map((notice) => ({ url: notice.url, userData: { kind: 'detail', listed: notice } })),
          );
          if (fresh.length > 0 && page.next && data.page < maxPages) {
            await addRequests([{ url: page.next, userData: { kind: 'list', page: data.page + 1 } }]);
          }
          return;
        }
        if (response.statusCode === 404) return fail(request.url, text.fetchFailed('HTTP 404'));
        report.detailPages += 1;
        try {
          const detail = source.readDetail($, request.url, data.listed);
          const result = noticeRecord({
            content: detail.content,
            sourceUrl: request.url,
            sourceName: source.name,
            sourceId: detail.sourceId,
            ...(detail.title ? { title: detail.title } : {}),
            ...(detail.publishDate ? { publishDate: detail.publishDate } : {}),
            ...(data.listed.announcementType ? { announcementType: data.listed.announcementType } : {}),
          });
          if (result.ok) read.push({ url: request.url, record: result.record });
          else fail(request.url, reasonOf(result.problems));
        } catch (error) {
          if (error instanceof LayoutChanged)
            return fail(request.url, `${text.detailLayout}：${error.message}`);
          throw error;
        }
      },
    },
    // Each run its own in-memory queue: what is remembered between runs is in the database.
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );

  await crawler.run(
    source.startPaths.map((path) => ({
      url: new URL(path, origin).toString(),
      userData: { kind: 'list', page: 1 } satisfies RequestData,
    })),
  );

  const imported = await importNotices(
    db,
    'crawl',
    source.id,
    read.map((page) => page.record),
  );
  report.inserted = imported.inserted;
  report.duplicates = imported.duplicates;
  await markSeen(
    db,
    source.id,
    read.map((page) => page.url),
    now(),
  );
  await saveSourceState(db, source.id, now(), newestPublished, report);
  print(
    text.report(
      source.id,
      report.listPages,
      report.detailPages,
      report.inserted,
      report.duplicates,
      report.failed.length,
    ),
  );
  return report;
}
