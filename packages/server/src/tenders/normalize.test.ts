import { describe, expect, it } from 'vitest';
import { dedupKey, derivedProjectKey, normalizeCompanyName, normalizeTitle } from './normalize';

describe('normalizeCompanyName', () => {
  it('treats full-width brackets, spaces and letter case as the same company', () => {
    expect(normalizeCompanyName('深圳市 华信科技有限公司（南山分公司）')).toBe(
      normalizeCompanyName('深圳市华信科技有限公司(南山分公司)'),
    );
    expect(normalizeCompanyName('ＡＢＢ（中国）有限公司')).toBe(normalizeCompanyName('abb(中国)有限公司'));
    expect(normalizeCompanyName('华信科技有限公司(北京分公司)')).not.toBe(
      normalizeCompanyName('华信科技有限公司'),
    );
  });
});

describe('dedupKey', () => {
  const facts = {
    title: '深圳市人民医院彩色多普勒超声诊断仪采购项目公开招标公告',
    projectCode: 'SZCG-2024-0012',
    purchaser: '深圳市人民医院',
    publishDate: '2024-05-06',
  };

  it('ignores spacing, punctuation and width in the title, and case and spaces in the code', () => {
    expect(
      dedupKey({
        ...facts,
        title: '【深圳市人民医院】彩色多普勒超声诊断仪采购项目 公开招标公告',
        projectCode: 'szcg-2024-0012 ',
        purchaser: '深圳市 人民医院',
      }),
    ).toBe(dedupKey(facts));
  });

  it('tells apart another date, code, purchaser or title', () => {
    expect(dedupKey({ ...facts, publishDate: '2024-05-07' })).not.toBe(dedupKey(facts));
    expect(dedupKey({ ...facts, projectCode: 'SZCG-2024-0013' })).not.toBe(dedupKey(facts));
    expect(dedupKey({ ...facts, purchaser: '深圳市第二人民医院' })).not.toBe(dedupKey(facts));
    expect(dedupKey({ ...facts, title: `${facts.title}（二次）` })).not.toBe(dedupKey(facts));
    expect(normalizeTitle('A—B，C')).toBe('abc');
  });
});

describe('derivedProjectKey', () => {
  it('links notices of one purchaser and project code, and nothing without a code', () => {
    expect(derivedProjectKey('SZCG-2024-0012', '深圳市人民医院')).toBe(
      derivedProjectKey('szcg-2024-0012', '深圳市 人民医院'),
    );
    expect(derivedProjectKey(null, '深圳市人民医院')).toBeUndefined();
  });
});
