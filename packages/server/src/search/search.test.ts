import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import { validateRecord } from '../ingest/record';
import { writeTenderRecords } from '../tenders/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, type SignedInUser, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { refreshSearchStatistics } from './reindex';
import { HOT_WORD_TTL_MS } from './routes';

const CORPUS_SIZE = 800;

interface Row {
  id: number;
  title: string;
  body: string;
  doc_type: string;
  publish_date: string;
  province_code: string | null;
  city_code: string | null;
  budget_fen: number | null;
  award_fen: number | null;
}

describe.each(testDatabaseTargets())('search endpoints on $name', (target) => {
  let server: TestServer;
  let user: SignedInUser;
  let items: Row[];

  beforeAll(async () => {
    server = await startTestServer(target);
    const records = [
      ...generateCorpus({ seed: 'search-endpoints', size: CORPUS_SIZE, until: '2026-03-31' }),
    ].map((input) => {
      const validation = validateRecord(input);
      if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
      return validation.record;
    });
    await server.db.transaction((tx) => writeTenderRecords(tx, records));
    await refreshSearchStatistics(server.db);
    items = await server.db.query<Row>(
      'SELECT id, title, body, doc_type, publish_date, province_code, city_code, budget_fen, award_fen FROM tender_item',
    );
    user = await signIn(server, 'alpha', newMobile());
  });

  afterAll(() => server.close());

  const newestFirst = (a: Row, b: Row) =>
    a.publish_date === b.publish_date ? b.id - a.id : a.publish_date < b.publish_date ? 1 : -1;

  const search = (path: string, params: Record<string, unknown>, who: SignedInUser = user) =>
    callApi(server.app, 'POST', path, { params, headers: who.headers });

  it('finds a two-character term precisely in titles, newest first, with highlights and list fields', async () => {
    const expected = items.filter((item) => item.title.includes('医院')).sort(newestFirst);
    expect(expected.length).toBeGreaterThan(20);
    const answer = await search('/webchat/api/searchList', {
      keyword: '医院',
      searchType: 20,
      searchPattern: 30,
    });
    expect(answer.code).toBe(200);
    const page = answer.data;
    expect(page.total).toBe(expected.length);
    expect(page.totalText).toBe(String(expected.length));
    expect(page.pageSize).toBe(20);
    expect(page.lastPage).toBe(Math.min(50, Math.ceil(expected.length / 20)));
    expect(page.records.map((record: { id: number }) => record.id)).toEqual(
      expected.slice(0, 20).map((item) => item.id),
    );
    const [first] = page.records;
    expect(first.titleHighlight).toContain('<em class="hl">医院</em>');
    expect(first.snippet).toBeNull();
    expect(first.regionText).not.toBe('');
    expect(first.typeLabel).not.toBe('');
    expect(first.publishDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const withAmount = page.records.find((record: { budgetText: string | null }) => record.budgetText);
    expect(withAmount?.budgetText).toMatch(/^[\d,]+(\.\d{1,2})?(万元|亿元)$/);

    const second = await search('/webchat/api/searchList', {
      keyword: '医院',
      searchType: 20,
      pageNumber: 2,
    });
    expect(second.data.records.map((record: { id: number }) => record.id)).toEqual(
      expected.slice(20, 40).map((item) => item.id),
    );
  });

  it('holds page size 20 and the 50-page limit on the server', async () => {
    const beyond = await search('/webchat/api/searchList', { keyword: '采购', pageNumber: 51 });
    expect(beyond.code).toBe(400);
    expect(beyond.message).toBe('参数 pageNumber：最多可查看 50 页，请修改搜索条件缩小范围');
    const tooBig = await search('/webchat/api/searchList', { keyword: '采购', pageSize: 50 });
    expect(tooBig.code).toBe(400);
    expect(tooBig.message).toContain('参数 pageSize');
    const last = await search('/webchat/api/searchList', { keyword: '采购', pageNumber: 50 });
    expect(last.code).toBe(200);
  });

  it('filters by type, region (catalog node codes too), amount in 万元 and publish date', async () => {
    const results = items.filter((item) => item.doc_type === 'jg');
    const byType = await search('/webchat/api/searchList', { docchnnel: 'jg', pageSize: 20 });
    expect(byType.data.total).toBe(results.length);
    expect(byType.data.records.every((record: { docType: string }) => record.docType === 'jg')).toBe(true);

    const city = items.find((item) => item.city_code && !item.city_code.startsWith('11'));
    const cityItems = items.filter((item) => item.city_code === city?.city_code);
    const byCity = await search('/webchat/api/searchList', { area: [city?.city_code] });
    expect(byCity.data.total).toBe(cityItems.length);

    const province = city?.province_code ?? '';
    const byProvince = await search('/webchat/api/searchList', { area: `${province}` });
    expect(byProvince.data.total).toBe(items.filter((item) => item.province_code === province).length);

    const amountOf = (item: Row) =>
      item.doc_type === 'jg' ? (item.award_fen ?? item.budget_fen) : (item.budget_fen ?? item.award_fen);
    const inRange = items.filter((item) => {
      const fen = amountOf(item);
      return fen !== null && fen >= 100 * 1_000_000 && fen <= 500 * 1_000_000;
    });
    const byAmount = await search('/webchat/api/searchList', { amount: '100,500' });
    expect(byAmount.data.total).toBe(inRange.length);
    const byBounds = await search('/webchat/api/searchList', { minAmount: 100, maxAmount: 500 });
    expect(byBounds.data.total).toBe(inRange.length);

    const dated = items.filter(
      (item) => item.publish_date >= '2026-01-01' && item.publish_date <= '2026-01-31',
    );
    const byDate = await search('/webchat/api/searchList', {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(byDate.data.total).toBe(dated.length);

    const unknown = await search('/webchat/api/searchList', { area: '火星_基地' });
    expect(unknown.code).toBe(400);
    expect(unknown.message).toContain('参数 area');
    const badRange = await search('/webchat/api/searchList', { amount: '500,100' });
    expect(badRange.code).toBe(400);
  });

  it('searches within results and in smart and fuzzy modes', async () => {
    const within = items.filter((item) => item.title.includes('医院') && item.title.includes('设备'));
    const narrowed = await search('/webchat/api/searchList', {
      keyword: '医院',
      searchType: 20,
      secondSearch: ['设备'],
    });
    expect(narrowed.data.total).toBe(within.length);

    // Smart: every word anywhere (医院设备 → 医院 + 设备), so also titles where they are apart.
    const smart = await search('/webchat/api/searchList', {
      keyword: '医院设备',
      searchType: 20,
      searchPattern: 20,
    });
    expect(smart.data.total).toBe(within.length);
    const precise = await search('/webchat/api/searchList', { keyword: '医院设备', searchType: 20 });
    expect(precise.data.total).toBe(items.filter((item) => item.title.includes('医院设备')).length);

    // Fuzzy: any word; titles with every word come first.
    const fuzzy = await search('/webchat/api/searchList', {
      keyword: '医院设备',
      searchType: 20,
      searchPattern: 10,
    });
    const either = items.filter((item) => item.title.includes('医院') || item.title.includes('设备'));
    expect(fuzzy.data.total).toBe(either.length);
    const firstIds = fuzzy.data.records
      .slice(0, Math.min(within.length, 20))
      .map((record: { id: number }) => record.id);
    const withinIds = new Set(within.map((item) => item.id));
    expect(firstIds.every((id: number) => withinIds.has(id))).toBe(true);

    // Paged to the end: every match once, those with every word before those with some.
    const seen: number[] = [];
    for (let pageNumber = 1; pageNumber <= fuzzy.data.lastPage; pageNumber += 1) {
      const page = await search('/webchat/api/searchList', {
        keyword: '医院设备',
        searchType: 20,
        searchPattern: 10,
        pageNumber,
      });
      seen.push(...page.data.records.map((record: { id: number }) => record.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(either.map((item) => item.id)));
    expect(new Set(seen.slice(0, within.length))).toEqual(withinIds);
  });

  it('shows passages for full-text searches and counts per tab for 全部搜索', async () => {
    const answer = await search('/webchat/api/searchAllList', { keyword: '资格要求', tab: 'zb' });
    expect(answer.code).toBe(200);
    expect(answer.data.records.length).toBeGreaterThan(0);
    expect(answer.data.records[0].snippet).toContain('<em class="hl">资格要求</em>');
    expect(
      answer.data.records.every((record: { docType: string }) => ['zb', 'bg'].includes(record.docType)),
    ).toBe(true);
    const tabs = await search('/webchat/api/getSearchAllTabCondition', { keyword: '资格要求' });
    const zbTab = tabs.data.tabs.find((tab: { code: string }) => tab.code === 'zb');
    expect(zbTab.total).toBe(answer.data.total);
    const all = tabs.data.tabs.find((tab: { code: string }) => tab.code === 'all');
    expect(all.total).toBe(
      items.filter((item) => item.body.includes('资格要求') || item.title.includes('资格要求')).length,
    );
  });

  it('shows a passage around the matched words of the body, never the title the body opens with', async () => {
    const notice = items.find(
      (item) =>
        item.doc_type === 'zb' && item.body.startsWith(item.title) && item.body.includes('项目名称：'),
    ) as Row;
    const projectName = /项目名称：(.+)/.exec(notice.body)?.[1]?.trim() as string;
    const answer = await search('/webchat/api/searchList', {
      keyword: projectName.slice(0, 50),
      searchType: 10,
      searchPattern: 30,
      pageSize: 20,
    });
    const record = answer.data.records.find((entry: { id: number }) => entry.id === notice.id);
    expect(record.snippet).toContain('<em class="hl">');
    expect(record.snippet.replace(/<[^>]+>/g, '')).not.toContain(notice.title);
  });

  it('refuses a query with nothing searchable in it instead of answering everything', async () => {
    const answer = await search('/webchat/api/searchList', { keyword: '(.*+[' });
    expect(answer.code).toBe(400);
    expect(answer.message).toBe(
      '搜索词“(.*+[”中没有可检索的文字，未能匹配任何信息，请使用汉字、字母或数字搜索',
    );
    const within = await search('/webchat/api/searchList', { keyword: '医院', secondSearch: ['**'] });
    expect(within.code).toBe(400);
    expect(within.message).toContain('结果中搜索的词“**”');
    const tabs = await search('/webchat/api/getSearchAllTabCondition', { keyword: '[]' });
    expect(tabs.code).toBe(400);
    // A query with something searchable beside the symbols searches that.
    expect((await search('/webchat/api/searchList', { keyword: '医院 (.*' })).code).toBe(200);
    const history = await search('/webchat/api/searchHistoryList', {});
    expect(history.data.records.map((entry: { keyword: string }) => entry.keyword)).not.toContain('(.*+[');
  });

  it('records searches per user and answers them as history, hot words and suggestions', async () => {
    const other = await signIn(server, 'alpha', newMobile());
    await search('/webchat/api/searchList', { keyword: '物业管理', area: '100000' }, other);
    await search('/webchat/api/searchList', { keyword: '监控设备' }, other);
    await search('/webchat/api/searchList', { keyword: '物业管理' }, other);
    const history = await search('/webchat/api/searchHistoryList', {}, other);
    expect(history.data.records.map((entry: { keyword: string }) => entry.keyword)).toEqual([
      '物业管理',
      '监控设备',
    ]);
    expect(history.data.records[0].times).toBe(2);
    const mine = await search('/webchat/api/searchHistoryList', {});
    expect(mine.data.records.map((entry: { keyword: string }) => entry.keyword)).not.toContain('监控设备');

    const hot = await search('/webchat/api/getHostSearchWord', {});
    // One member's searches are not hot: the brand's starting words show, each of which finds something.
    expect(hot.data.words).not.toContain('监控设备');
    expect(hot.data.words[0]).toBe('医院');
    for (const word of hot.data.words) {
      expect((await search('/webchat/api/searchList', { keyword: word }, other)).data.total).toBeGreaterThan(
        0,
      );
    }
    // The ranking is kept for HOT_WORD_TTL_MS: three more members' searches show after it, not before — but
    // neither a keyword that finds nothing nor one longer than a word, however many searched them.
    const longQuery = '某某市第一人民医院门诊楼改扩建工程设备';
    for (let index = 0; index < 3; index += 1) {
      const member = await signIn(server, 'alpha', newMobile());
      await search('/webchat/api/searchList', { keyword: '绿化养护' }, member);
      await search('/webchat/api/searchList', { keyword: '量子纠缠机' }, member);
      await search('/webchat/api/searchList', { keyword: longQuery }, member);
    }
    expect((await search('/webchat/api/searchList', { keyword: '量子纠缠机' })).data.total).toBe(0);
    const kept = await search('/webchat/api/getHostSearchWord', {});
    expect(kept.data.words).toEqual(hot.data.words);
    server.clock.advance(HOT_WORD_TTL_MS);
    const reranked = await search('/webchat/api/getHostSearchWord', {});
    expect(reranked.data.words[0]).toBe('绿化养护');
    expect(reranked.data.words).not.toContain('量子纠缠机');
    expect(reranked.data.words).not.toContain(longQuery);
    // Per brand: the other brand's members searched nothing of it, and its starting words are its trade's.
    const betaMember = await signIn(server, 'beta', newMobile());
    const beta = await callApi(server.app, 'POST', '/webchat/api/getHostSearchWord', {
      brand: 'beta',
      headers: betaMember.headers,
    });
    expect(beta.data.words).not.toContain('绿化养护');
    expect(beta.data.words.length).toBeGreaterThan(0);
    expect(beta.data.words.every((word: string) => ['食堂', '食材', '配送', '餐饮'].includes(word))).toBe(
      true,
    );

    const words = await search('/webchat/api/searchWordList', { keyword: '物业' }, other);
    expect(words.data.words[0]).toMatchObject({ word: '物业管理', source: 'history' });
    expect(words.data.words.every((entry: { word: string }) => entry.word.includes('物业'))).toBe(true);

    // 清空: the member's own history only.
    await search('/webchat/api/desginedSearchList', { keyword: '工程' }, other);
    expect((await search('/webchat/api/searchHistoryClear', {}, other)).code).toBe(200);
    expect((await search('/webchat/api/searchHistoryList', {}, other)).data.records).toEqual([]);
    expect((await search('/webchat/api/desginedSearchHistoryList', {}, other)).data.total).toBe(1);
    expect((await search('/webchat/api/searchHistoryList', {})).data.total).toBeGreaterThan(0);

    const companies = await search('/webchat/api/searchWordList', { keyword: '有限公司', type: 0 });
    expect(companies.data.words.length).toBeGreaterThan(0);
    expect(
      companies.data.words.every((entry: { word: string; source: string }) => entry.source === 'company'),
    ).toBe(true);
  });

  it('searches proposed and approval projects, with the stages of an approved project', async () => {
    const designed = await search('/webchat/api/desginedSearchList', { keyword: '工程', searchType: 20 });
    expect(designed.code).toBe(200);
    expect(designed.data.records.length).toBeGreaterThan(0);
    expect(designed.data.records.every((record: { docType: string }) => record.docType === 'nj')).toBe(true);
    expect(designed.data.records[0].stageName).not.toBeNull();
    const designedHistory = await search('/webchat/api/desginedSearchHistoryList', {});
    expect(designedHistory.data.records[0].keyword).toBe('工程');

    const approvals = await search('/webchat/client/spxm/getPage', { keyword: '工程' });
    expect(approvals.data.records.length).toBeGreaterThan(0);
    const approval = approvals.data.records[0];
    expect(approval.docType).toBe('sp');
    expect(approval.approvalAuthority).not.toBeNull();

    const detail = await search('/webchat/client/spxm/detail', { id: approval.id });
    expect(detail.data.record.id).toBe(approval.id);
    expect(detail.data.stages.some((stage: { current: boolean; id: number }) => stage.current)).toBe(true);
    const notApproval = items.find((item) => item.doc_type === 'zb');
    expect((await search('/webchat/client/spxm/detail', { id: notApproval?.id })).code).toBe(404);

    const byStage = await search('/webchat/client/spxm/getPage', { stage: [approval.stageCode] });
    expect(
      byStage.data.records.every((record: { stageCode: string }) => record.stageCode === approval.stageCode),
    ).toBe(true);

    const words = await callApi(server.app, 'GET', '/webchat/api/spxm/search-record/search/History/getWord', {
      headers: user.headers,
    });
    expect(words.data.words).toEqual(['工程']);
    const record = await callApi(server.app, 'GET', '/webchat/api/spxm/search-record/getRecord', {
      headers: user.headers,
    });
    expect(record.data.records[0].keyword).toBe('工程');
  });

  it('answers the filter options with the brand’s amount ranges and dated presets', async () => {
    const conditions = await search('/webchat/api/getSearchCondition', {});
    expect(conditions.data.docchnnel.map((type: { code: string }) => type.code)).toEqual([
      'zb',
      'bg',
      'jg',
      'yg',
      'yx',
      'nj',
      'sp',
    ]);
    expect(conditions.data.searchPatterns.map((option: { value: number }) => option.value)).toEqual([
      30, 20, 10,
    ]);
    expect(conditions.data.amountRanges[0]).toEqual({ value: '0,50', label: '50万以下' });
    const all = await search('/webchat/api/getSearchAllCondition', {});
    expect(all.data.tabs[0]).toEqual({ code: 'all', name: '全部' });
    expect(all.data.dateRanges[0]).toMatchObject({ value: '7d', label: '近一周' });
  });

  it('needs a signed-in user', async () => {
    const answer = await callApi(server.app, 'POST', '/webchat/api/searchList', {
      params: { keyword: '医院' },
    });
    expect(answer.code).toBe(401);
  });
});
