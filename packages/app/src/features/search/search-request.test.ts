import { describe, expect, it } from 'vitest';
import {
  allSearchRequest,
  amountBounds,
  approvalSearchRequest,
  bidExportConditions,
  bidSearchRequest,
  chooseMethods,
  chooseTypes,
  type DocchnnelOption,
  EMPTY_CONDITIONS,
  tabCountRequest,
  tickedTypes,
} from './search-request';

describe('amountBounds (spec §5 amount request rule)', () => {
  it('sends a lower bound of 0 as 0.01 when there is an upper bound', () => {
    expect(amountBounds('0,50')).toEqual({ minAmount: 0.01, maxAmount: 50 });
  });

  it('keeps other lower bounds and leaves an open end out', () => {
    expect(amountBounds('100,500')).toEqual({ minAmount: 100, maxAmount: 500 });
    expect(amountBounds('1000,')).toEqual({ minAmount: 1000 });
    expect(amountBounds(',50')).toEqual({ maxAmount: 50 });
  });

  it('keeps a lone lower bound of 0 (the rule needs an upper bound)', () => {
    expect(amountBounds('0,')).toEqual({ minAmount: 0 });
  });

  it('sends nothing without a range', () => {
    expect(amountBounds(null)).toEqual({});
  });
});

describe('search requests', () => {
  const conditions = {
    ...EMPTY_CONDITIONS,
    keyword: '  医院 设备 ',
    searchType: 20 as const,
    searchPattern: 10 as const,
    docchnnel: ['zb', 'jg'],
    area: '440000',
    industry: 'E',
    amountRange: '0,50',
    startDate: '2026-01-01',
    endDate: '2026-03-31',
    secondSearch: ['监控'],
  };

  it('sends the scope and mode codes, the filters and page 20 of searchList', () => {
    expect(bidSearchRequest(conditions, 3)).toEqual({
      keyword: '医院 设备',
      searchType: 20,
      searchPattern: 10,
      docchnnel: ['zb', 'jg'],
      area: ['440000'],
      industry: ['E'],
      minAmount: 0.01,
      maxAmount: 50,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      secondSearch: ['监控'],
      pageNumber: 3,
      pageSize: 20,
    });
  });

  it('defaults to full text (10) and precise (30) and leaves unset filters out', () => {
    expect(bidSearchRequest(EMPTY_CONDITIONS, 1)).toEqual({
      searchType: 10,
      searchPattern: 30,
      pageNumber: 1,
      pageSize: 20,
    });
  });

  it('searches 全部搜索 by tab and 审批项目 without information types', () => {
    expect(allSearchRequest(conditions, 'jg', 1)).toMatchObject({ tab: 'jg', keyword: '医院 设备' });
    expect(allSearchRequest(conditions, 'jg', 1)).not.toHaveProperty('docchnnel');
    expect(approvalSearchRequest(conditions, 2)).not.toHaveProperty('docchnnel');
    expect(approvalSearchRequest(conditions, 2)).toMatchObject({ pageNumber: 2, minAmount: 0.01 });
  });

  it('asks for the tab counts with the filters and no page', () => {
    const request = tabCountRequest(conditions);
    expect(request).toMatchObject({ keyword: '医院 设备', searchType: 20, maxAmount: 50 });
    expect(request).not.toHaveProperty('pageNumber');
    expect(request).not.toHaveProperty('pageSize');
  });
});

describe('information types and procurement methods (docchnnel)', () => {
  const options = [
    {
      code: 'zb',
      name: '招标公告',
      children: [
        { code: 'gk', name: '公开招标' },
        { code: 'cs', name: '竞争性磋商' },
      ],
    },
    { code: 'jg', name: '中标/成交结果', children: [] },
  ];

  it('ticks a type when it or one of its methods is chosen', () => {
    expect(tickedTypes(['gk'], options)).toEqual(['zb']);
    expect(tickedTypes(['jg'], options)).toEqual(['jg']);
    expect(tickedTypes([], options)).toEqual([]);
  });

  it('sends the chosen methods instead of their type, and the whole type when none is chosen', () => {
    expect(chooseMethods(['zb', 'jg'], options[0] as DocchnnelOption, ['gk', 'cs'])).toEqual([
      'jg',
      'gk',
      'cs',
    ]);
    expect(chooseMethods(['jg', 'gk'], options[0] as DocchnnelOption, [])).toEqual(['jg', 'zb']);
  });

  it('adds a newly ticked type and drops an unticked one with its methods', () => {
    expect(chooseTypes(['gk'], options, ['zb', 'jg'])).toEqual(['gk', 'jg']);
    expect(chooseTypes(['gk', 'cs', 'jg'], options, ['jg'])).toEqual(['jg']);
  });
});

describe('bidExportConditions (一键导出项目 on 招投标信息)', () => {
  it('is the searchList request without the page, the bounds as one amount range after spec §5', () => {
    const conditions = {
      ...EMPTY_CONDITIONS,
      keyword: ' 医院 ',
      docchnnel: ['gk'],
      area: '440000',
      amountRange: '0,50',
      startDate: '2026-01-01',
      secondSearch: ['设备'],
    };
    expect(bidExportConditions(conditions)).toEqual({
      keyword: '医院',
      searchType: 10,
      searchPattern: 30,
      docchnnel: ['gk'],
      area: ['440000'],
      amount: '0.01,50',
      startDate: '2026-01-01',
      secondSearch: ['设备'],
    });
  });

  it('sends no amount without a range and keeps an open end open', () => {
    expect(bidExportConditions(EMPTY_CONDITIONS)).toEqual({ searchType: 10, searchPattern: 30 });
    expect(bidExportConditions({ ...EMPTY_CONDITIONS, amountRange: '1000,' })).toMatchObject({
      amount: '1000,',
    });
  });
});
