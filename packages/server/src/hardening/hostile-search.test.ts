import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTag } from '../companies/test-corpus';
import { splitKeywords } from '../search/query';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, grant, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Hostile text in the search and filter fields answers exactly the rows the field's meaning gives, computed here
 * by a plain scan of the titles this test imported — never more (a `%` or `_` read as a LIKE wildcard, a quote
 * closing a string, a backslash escaping one) and never fewer.
 *
 * The meaning checked is precise title search (searchType 20, searchPattern 30; src/search/README.md): keywords
 * split at spaces and list separators, each normalized (NFKC, lower case), those with no letter, digit or Han
 * character dropped; a title matches when it holds every keyword. The index sees letters, digits and Han
 * characters only, so any other character of a keyword stands for exactly one character that is neither (a gap
 * of one position) — never for several, never for a letter as LIKE's `_` would — and a keyword starting with a
 * letter or digit starts a word of the title (`or` finds `order`, not `xor`). The scan below is that meaning.
 */

/** What an attacker or a careless paste puts in a search box. */
const HOSTILE = [
  "' OR '1'='1",
  "'; DROP TABLE search_document; --",
  '%',
  '_',
  '%%',
  '\\',
  '\\%',
  '\\_',
  "\\'",
  '"',
  "''",
  '%_%',
  '*',
  ':*',
  '&',
  '|',
  '!',
  '<->',
  '(',
  ')',
  '$1',
  '😀',
  '\u200B',
  '１',
  'ＡＢ',
  'İ',
];

/** A code point's class in the index: Han, letter/digit, or neither (a gap). */
const HAN = /\p{Script=Han}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A character no title holds (private use), standing for one position the index does not see. */
const GAP = '\uE000';
const trimGaps = (text: string) => text.replace(/^\uE000+|\uE000+$/gu, '');

/** The text as the index sees it: letters, digits and Han characters kept, anything else one gap. */
function skeleton(text: string): string {
  return Array.from(text.normalize('NFKC').toLowerCase(), (char) =>
    HAN.test(char) || LETTER_OR_DIGIT.test(char) ? char : GAP,
  ).join('');
}

const SEPARATORS = /[\s,，、;；|｜]+/u;

/** The keywords of a search box, as the meaning above takes them. */
function keywordsOf(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((part) => trimGaps(skeleton(part.trim())))
    .filter((keyword) => keyword !== '');
}

/** Whether the title holds the keyword: a substring of its skeleton, a leading letter/digit at a word's start. */
function holds(title: string, keyword: string): boolean {
  const pattern = Array.from(keyword, (char) => char.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&')).join('');
  const startsWord = LETTER_OR_DIGIT.test(keyword[0] ?? '') && !HAN.test(keyword[0] ?? '');
  const wordStart = startsWord ? '(?<!(?!\\p{Script=Han})[\\p{L}\\p{N}])' : '';
  return new RegExp(`${wordStart}${pattern}`, 'u').test(skeleton(title));
}

function matches(title: string, keyword: string, within = ''): boolean {
  return [...keywordsOf(keyword), ...keywordsOf(within)].every((needle) => holds(title, needle));
}

describe.each(testDatabaseTargets())('hostile text in search fields on $name', (target) => {
  let server: TestServer;
  let member: MemberTestUser;
  /** The imported titles, by item id. */
  let titles: Map<number, string>;
  /** A word only this test's titles hold. */
  let tag: string;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    dir = mkdtempSync(join(tmpdir(), 'tender-hostile-search-'));
    member = await newMember(server, 'alpha');
    await grant(server, member, 'qiyetong', 12);
    tag = hanWord(3);
    // Each hostile text between Han words, and the near misses a wildcard or an escape would also find.
    const texts = [
      ...HOSTILE.map((hostile) => `医院${hostile}设备`),
      '医院设备',
      '医院x设备',
      '医院ab设备',
      '医院  设备',
      'order医院',
      'xor医院',
      '1=1设备',
    ];
    const today = new Date(server.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    // The import takes titles that differ in punctuation only for one (its duplicate check): a number each.
    const numbered = texts.map(
      (text, index) =>
        `${tag}${text}采购公告编号${Array.from(String(index), (digit) => '零一二三四五六七八九'[Number(digit)]).join('')}`,
    );
    // Through the real import, so the matcher fills the member's feed (a subscription to the tag) too.
    const subscribed = await callAs(server, member, 'POST', '/webchat/api/subscribe/group/save', {
      kind: 'tender',
      includeWords: [tag],
    });
    expect(subscribed.code).toBe(200);
    const source = `hostile-search:${newTag()}`;
    await importRecords(
      server,
      dir,
      numbered.map((title, index) =>
        tenderRecord({ sourceId: `${source}:${index}`, title, publishDate: today }),
      ),
    );
    const rows = await server.db.query<{ id: number; title: string }>(
      'SELECT id, title FROM tender_item WHERE source_id LIKE $1',
      [`${source}:%`],
    );
    titles = new Map(rows.map((row) => [Number(row.id), row.title]));
    expect([...titles.values()].sort()).toEqual([...numbered].sort());
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every id a precise title search answers, page by page. */
  async function searchIds(fields: Record<string, unknown>): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await callAs(server, member, 'POST', '/webchat/api/searchList', {
        searchType: 20,
        searchPattern: 30,
        pageSize: 20,
        pageNumber: page,
        ...fields,
      });
      expect(answer.code, `${JSON.stringify(fields)}: ${answer.message}`).toBe(200);
      ids.push(...answer.data.records.map((record: { id: number }) => record.id));
      if (ids.length >= answer.data.total || answer.data.records.length === 0)
        return ids.sort((a, b) => a - b);
    }
  }

  /** Typed text of which the index sees nothing: searching it would answer everything, so it is refused. */
  const nothingSearchable = (typed: string) => typed.trim() !== '' && splitKeywords(typed).length === 0;

  async function expectRefused(fields: Record<string, unknown>) {
    const answer = await callAs(server, member, 'POST', '/webchat/api/searchList', {
      searchType: 20,
      searchPattern: 30,
      ...fields,
    });
    expect(answer.code, JSON.stringify(fields)).toBe(400);
    expect(answer.message).toMatch(/中没有可检索的文字/);
  }

  /** The ids the meaning gives: a scan of every imported title (the database holds no other items). */
  function expectedIds(keyword: string, within = ''): number[] {
    return [...titles]
      .filter(([, title]) => matches(title, keyword, within))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  }

  /**
   * Inside a keyword, a character the index does not see stands for exactly one such character: 医院%设备 finds
   * 医院_设备 but not 医院x设备, 医院１设备 or 医院ab设备 — the chain of lexemes alone would take any one character
   * there (src/search/README.md, "Gaps"). The titles' names in the message tell what differs.
   */
  async function expectExact(fields: { keyword: string; secondSearch?: string }) {
    if (nothingSearchable(fields.keyword) || nothingSearchable(fields.secondSearch ?? '')) {
      await expectRefused(fields);
      return;
    }
    const found = await searchIds(fields);
    const named = (ids: number[]) => ids.map((id) => titles.get(id));
    expect(named(found), JSON.stringify(fields)).toEqual(
      named(expectedIds(fields.keyword, fields.secondSearch)),
    );
  }

  it('holds the meaning on its own near misses (the scan is not vacuous)', () => {
    expect(titles.size).toBe(HOSTILE.length + 7);
    const title = (text: string) =>
      [...titles.values()].find((candidate) => candidate.includes(text)) as string;
    expect(matches(title('医院%设备'), '医院%设备')).toBe(true);
    expect(matches(title('医院_设备'), '医院%设备')).toBe(true);
    expect(matches(title('医院x设备'), '医院%设备')).toBe(false);
    expect(matches(title('医院ab设备'), '医院%%设备')).toBe(false);
    expect(matches(title('医院ab设备'), 'ab%设备')).toBe(false);
    expect(matches(title('医院设备'), '医院_设备')).toBe(false);
    expect(matches(title('xor医院'), 'or医院')).toBe(false);
    expect(matches(title('order医院'), 'or')).toBe(true);
    expect(expectedIds('医院%设备').length).toBeLessThan(titles.size / 2);
  });

  it.each(HOSTILE.map((hostile) => [hostile] as const))(
    'keyword %j, alone or as a keyword of its own, finds exactly the titles that hold it',
    async (hostile) => {
      for (const keyword of [hostile, `${hostile} ${tag}`, `${tag}，${hostile}`, `${tag}医院${hostile}`]) {
        if (nothingSearchable(keyword)) await expectRefused({ keyword });
        else expect(await searchIds({ keyword }), keyword).toEqual(expectedIds(keyword));
      }
      expect(await searchIds({ keywordList: [hostile, tag] }), 'keywordList').toEqual(
        expectedIds(`${hostile} ${tag}`),
      );
      if (nothingSearchable(hostile)) await expectRefused({ keyword: tag, secondSearch: hostile });
      else
        expect(await searchIds({ keyword: tag, secondSearch: hostile }), 'secondSearch').toEqual(
          expectedIds(tag, hostile),
        );
    },
  );

  it.each(HOSTILE.map((hostile) => [hostile] as const))(
    'keyword %j between Han words finds exactly the titles that hold it',
    async (hostile) => {
      await expectExact({ keyword: `医院${hostile}设备` });
      await expectExact({ keyword: tag, secondSearch: `医院${hostile}设备` });
    },
  );

  it('fills a gap with one character neither letter, digit nor Han, never a letter or a word’s tail', async () => {
    expect(await searchIds({ keyword: '医院%设备' })).toEqual(expectedIds('医院%设备'));
    expect(await searchIds({ keyword: '医院_设备' })).toEqual(expectedIds('医院_设备'));
    for (const keyword of [
      '医院%%设备',
      '医院a%设备',
      '院ab%设备',
      '医院\\_设备',
      `${tag}医院%`,
      `医院 %设备`,
    ]) {
      await expectExact({ keyword });
    }
    const found = (await searchIds({ keyword: '医院%设备' })).map((id) => titles.get(id) ?? '');
    expect(found.some((title) => title.includes('医院_设备'))).toBe(true);
    expect(found.some((title) => /医院(x|１|ab)设备/u.test(title))).toBe(false);
    // Fuzzy search (any word): 院%设 has no word of two characters, so it is a needle of its own.
    const anyWord = [...titles]
      .filter(([, title]) => matches(title, '院%设') || matches(title, 'xor'))
      .map(([id]) => id)
      .sort((a, b) => a - b);
    expect(await searchIds({ keyword: '院%设 xor', searchPattern: 10 })).toEqual(anyWord);
  });

  it('answers random mixes of hostile text and the corpus words exactly', async () => {
    const piece = fc.constantFrom(...HOSTILE, '医院', '设备', '院', tag, 'or', '1', ' ', '，');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 5 }), async (pieces) => {
        await expectExact({ keyword: pieces.join('') });
      }),
      { seed: 20_260_301, numRuns: 60 },
    );
  });

  it('counts a subscription keyword’s recent items exactly (monitor-keyword/verify)', async () => {
    // A subscription word is one needle, its spaces removed (src/matching normalizeKeyword): not split.
    const holding = (word: string) => {
      const needle = trimGaps(skeleton(word.replace(/\s+/gu, '')));
      return [...titles.values()].filter((title) => holds(title, needle)).length;
    };
    for (const hostile of HOSTILE) {
      const keyword = `医院${hostile}设备`;
      const verify = await callAs(server, member, 'GET', '/webchat/api/monitor-keyword/verify', { keyword });
      expect(verify.code, keyword).toBe(200);
      // Past 20 characters a word is refused (keywordTooLong), with no count.
      expect(verify.data.valid, keyword).toBe([...keyword.replace(/\s+/gu, '')].length <= 20);
      if (!verify.data.valid) {
        expect(verify.data.recentCount).toBe(0);
        continue;
      }
      expect(verify.data.recentCount, keyword).toBe(holding(keyword));
    }
  });

  it.each(HOSTILE.map((hostile) => [hostile] as const))(
    'the subscription feed’s secondSearch %j finds exactly the titles holding it as plain text',
    async (hostile) => {
      // Its meaning is a plain case-insensitive substring of the title (src/subscriptions: a member's feed is
      // small), the text trimmed as the contract does; an empty one filters nothing.
      const within = hostile.trim();
      const expected = [...titles]
        .filter(([, title]) => title.toLowerCase().includes(within.toLowerCase()))
        .map(([id]) => id)
        .sort((a, b) => a - b);
      const found: number[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await callAs(server, member, 'POST', '/webchat/api/subscribe/feed/list', {
          feed: 'bidding',
          secondSearch: hostile,
          pageNumber: page,
          pageSize: 50,
        });
        expect(answer.code, answer.message).toBe(200);
        found.push(...answer.data.records.map((record: { id: number }) => record.id));
        if (found.length >= answer.data.total || answer.data.records.length === 0) break;
      }
      expect(found.sort((a, b) => a - b)).toEqual(expected);
    },
  );

  it('refuses hostile text as an area by name, never widening the search', async () => {
    for (const hostile of HOSTILE) {
      const answer = await callAs(server, member, 'POST', '/webchat/api/searchList', {
        keyword: tag,
        searchType: 20,
        area: hostile,
      });
      if (answer.code === 200) expect(answer.data.total, hostile).toBe(0);
      else expect(answer, hostile).toMatchObject({ code: 400, message: expect.stringMatching(/^参数 area/) });
    }
  });
});
