import type { CheerioAPI } from '@crawlee/cheerio';
import type { AnnouncementTypeCode } from '../extract/types';

/** A notice a list page links to, with what the row tells about it. */
export interface ListedNotice {
  url: string;
  title?: string;
  publishDate?: string;
  announcementType?: AnnouncementTypeCode;
}

/** What one list page gives: its notices (newest first, as the sites list them) and the next list page. */
export interface ListPage {
  notices: ListedNotice[];
  next?: string;
}

/** One detail page, read: the notice's own part of the page and its site id. */
export interface DetailPage {
  content: string;
  sourceId: string;
  title?: string;
  publishDate?: string;
}

/** A page whose layout the adapter does not recognise: reported with its URL, never imported. */
export class LayoutChanged extends Error {}

/**
 * One public source as its live site structures it: where its list pages start, how a list page names its
 * notices and its next page, and where a detail page keeps the notice. Adapters only read; the crawler
 * (crawler.ts) fetches, paces and remembers.
 */
export interface CrawlSource {
  id: string;
  name: string;
  origin: string;
  /** List pages to start from, as paths under the origin. */
  startPaths: readonly string[];
  readList($: CheerioAPI, url: string): ListPage;
  readDetail($: CheerioAPI, url: string, listed: ListedNotice): DetailPage;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The day in `2025-05-27 10:31`, `2025-05-27`, `2025/05/27` or `2025年05月27日`. */
function dayOf(text: string | undefined): string | undefined {
  const match = /(\d{4})[-/年.](\d{1,2})[-/月.](\d{1,2})/.exec(text ?? '');
  return match ? `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}` : undefined;
}

/** TRS static list pages: `index.htm`, then `index_1.htm`, `index_2.htm` … */
function nextTrsPage(url: string): string {
  const page = new URL(url);
  const match = /index(?:_(\d+))?\.htm$/.exec(page.pathname);
  const current = match?.[1] ? Number(match[1]) : 0;
  page.pathname = page.pathname.replace(/index(?:_\d+)?\.htm$/, `index_${current + 1}.htm`);
  return page.toString();
}

/**
 * 中国政府采购网: the channel folders under /cggg/ (zygg 中央, dfgg 地方) hold one folder per notice type;
 * the URL's type folder names the type (the row does not).
 */
const CCGP_TYPES: Record<string, AnnouncementTypeCode> = {
  gkzb: 'zb',
  yqzb: 'zb',
  jzxtpgg: 'zb',
  jzxcsgg: 'zb',
  dylygg: 'zb',
  xjgg: 'zb',
  zbgg: 'jg',
  cjgg: 'jg',
  fbgg: 'jg',
  gzgg: 'bg',
  zzgg: 'bg',
};

export const ccgp: CrawlSource = {
  id: 'ccgp',
  name: '中国政府采购网',
  origin: 'https://www.ccgp.gov.cn',
  startPaths: ['/cggg/zygg/index.htm', '/cggg/dfgg/index.htm'],
  readList($, url) {
    const list = $('ul.c_list_bid');
    if (list.length === 0) throw new LayoutChanged('ul.c_list_bid');
    const notices = list
      .find('> li')
      .toArray()
      .flatMap((row): ListedNotice[] => {
        const link = $(row).find('a[href]').first();
        const href = link.attr('href');
        if (!href) return [];
        const absolute = new URL(href, url).toString();
        const typeFolder = /\/cggg\/(?:zygg|dfgg)\/([a-z]+)\//.exec(new URL(absolute).pathname)?.[1];
        const type = typeFolder ? CCGP_TYPES[typeFolder] : undefined;
        return [
          {
            url: absolute,
            title: squash(link.attr('title') ?? link.text()) || undefined,
            publishDate: dayOf($(row).find('em').first().text()),
            ...(type ? { announcementType: type } : {}),
          },
        ];
      });
    return { notices, next: nextTrsPage(url) };
  },
  readDetail($, url, listed) {
    const content = $('div.vF_detail_content');
    if (content.length === 0) throw new LayoutChanged('div.vF_detail_content');
    const title = squash($('div.vF_detail_header h2.tc').first().text()) || listed.title;
    const id = /t\d{8}_(\d+)\.htm$/.exec(new URL(url).pathname)?.[1];
    return {
      content: $.html(content),
      sourceId: `ccgp:${id ?? new URL(url).pathname}`,
      ...(title ? { title } : {}),
      publishDate: listed.publishDate ?? dayOf(/t(\d{4})(\d{2})(\d{2})_/.exec(url)?.slice(1).join('-')),
    };
  },
};

/**
 * The 新点 (Epoint) 公共资源交易 portals: static list pages `…/moreinfo.html`, `2.html` … with rows
 * `li.ewb-list-node` (a link and a `span.ewb-list-date`), and detail pages holding the notice in `container`.
 */
function epointSource(options: {
  id: string;
  name: string;
  origin: string;
  startPaths: readonly string[];
  container: string;
}): CrawlSource {
  return {
    ...options,
    readList($, url) {
      const rows = $('li.ewb-list-node');
      if (rows.length === 0) throw new LayoutChanged('li.ewb-list-node');
      const notices = rows.toArray().flatMap((row): ListedNotice[] => {
        const link = $(row).find('a[href]').first();
        const href = link.attr('href');
        if (!href) return [];
        return [
          {
            url: new URL(href, url).toString(),
            title: squash(link.attr('title') ?? link.text()) || undefined,
            publishDate: dayOf($(row).find('.ewb-list-date').text()),
          },
        ];
      });
      const page = new URL(url);
      const current = Number(/(\d+)\.html$/.exec(page.pathname)?.[1] ?? 1);
      page.pathname = page.pathname.replace(/[^/]+\.html$/, `${current + 1}.html`);
      return { notices, next: page.toString() };
    },
    readDetail($, url, listed) {
      const content = $(options.container).first();
      if (content.length === 0) throw new LayoutChanged(options.container);
      const infoId = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(url)?.[1];
      return {
        content: $.html(content),
        sourceId: `${options.id}:${infoId ?? new URL(url).pathname}`,
        ...(listed.title ? { title: listed.title } : {}),
        ...(listed.publishDate ? { publishDate: listed.publishDate } : {}),
      };
    },
  };
}

/** 江苏省公共资源交易网: 交易信息 by category; a detail page keeps the notice in `.ewb-trade-mid`. */
export const jsggzy = epointSource({
  id: 'jsggzy',
  name: '江苏省公共资源交易网',
  origin: 'http://jsggzy.jszwfw.gov.cn',
  startPaths: ['/jyxx/003001/moreinfo.html', '/jyxx/003004/moreinfo.html'],
  container: '.ewb-trade-mid',
});

/** 新疆维吾尔自治区公共资源交易平台: a detail page keeps the notice in `.ewb-info-bd`. */
export const xjggzy = epointSource({
  id: 'xjggzy',
  name: '新疆维吾尔自治区公共资源交易平台',
  origin: 'http://ggzy.xinjiang.gov.cn',
  startPaths: ['/jyxx/003001/moreinfo.html'],
  container: '.ewb-info-bd',
});

export const CRAWL_SOURCES: readonly CrawlSource[] = [ccgp, jsggzy, xjggzy];
