import { describe, expect, it } from 'vitest';
import { type NoticeFacts, sameNotice, sameProject } from './duplicates';

const tender: NoticeFacts = {
  title: '某某中学空调采购项目公开招标公告',
  docType: 'zb',
  projectCode: 'ABC-2025-001',
  projectName: '某某中学空调采购项目',
  purchaser: '某某中学',
  amountFen: 50_000_000,
  publishDate: '2025-05-20',
};

describe('sameNotice', () => {
  it('takes a repost with a site suffix, a masked code and a day later for the same notice', () => {
    const repost = {
      ...tender,
      title: `${tender.title}-中国政府采购网`,
      projectCode: '***',
      publishDate: '2025-05-21',
    };
    expect(sameNotice(tender, repost)).toBe(true);
  });

  it('treats a masked purchaser as unknown, not as different', () => {
    expect(sameNotice(tender, { ...tender, purchaser: '(略)' })).toBe(true);
  });

  it('never merges a notice with its correction or result', () => {
    expect(sameNotice(tender, { ...tender, docType: 'bg' })).toBe(false);
    expect(sameNotice(tender, { ...tender, docType: 'jg' })).toBe(false);
  });

  it("never merges a candidates' list with the award it leads to, though both are results", () => {
    const candidates = { ...tender, docType: 'jg', title: '某某中学空调采购项目中标候选人公示' };
    const award = { ...candidates, title: '某某中学空调采购项目 中标结果公告' };
    expect(sameNotice(candidates, award)).toBe(false);
    expect(sameNotice(candidates, { ...candidates, title: `${candidates.title}-某某招标网` })).toBe(true);
    expect(sameProject(candidates, award)).toBe(true);
  });

  it('never merges two notices stating different methods; a method stated on one side only does not separate', () => {
    expect(sameNotice({ ...tender, procurementMethod: 'gk' }, { ...tender, procurementMethod: 'cs' })).toBe(
      false,
    );
    expect(sameNotice({ ...tender, procurementMethod: 'gk' }, { ...tender, procurementMethod: null })).toBe(
      true,
    );
  });

  it('never merges two lots of one project', () => {
    const lot1 = { ...tender, title: '某某中学空调采购项目（第一标段）公开招标公告' };
    const lot2 = { ...tender, title: '某某中学空调采购项目（第二标段）公开招标公告' };
    expect(sameNotice(lot1, lot2)).toBe(false);
    expect(sameNotice({ ...tender, projectName: '某某中学空调采购项目（A包）' }, tender)).toBe(false);
  });

  it('separates stated differences: code, amount, purchaser, dates weeks apart', () => {
    expect(sameNotice(tender, { ...tender, projectCode: 'ABC-2025-002' })).toBe(false);
    expect(sameNotice(tender, { ...tender, amountFen: 40_000_000 })).toBe(false);
    expect(sameNotice(tender, { ...tender, purchaser: '另一中学' })).toBe(false);
    expect(sameNotice(tender, { ...tender, publishDate: '2025-06-20' })).toBe(false);
  });
});

describe('sameProject', () => {
  it('links the result of the same project code across types', () => {
    expect(sameProject(tender, { ...tender, docType: 'jg', title: '某某中学空调采购项目中标公告' })).toBe(
      true,
    );
  });

  it('links by project name and purchaser when a code is missing', () => {
    const intention = { ...tender, docType: 'yx', projectCode: null, projectName: '空调采购项目' };
    expect(sameProject(intention, { ...tender, projectName: '某某中学空调采购项目' })).toBe(true);
  });

  it('links codes a letter apart only with the same name and purchaser', () => {
    const numbered = { ...tender, projectCode: 'LNZC20190703003' };
    const result = { ...numbered, docType: 'jg', projectCode: 'LNJC20190703003' };
    expect(sameProject(numbered, result)).toBe(true);
    expect(sameProject(numbered, { ...result, projectName: '某某中学课桌椅采购项目' })).toBe(false);
    expect(sameProject(numbered, { ...result, purchaser: null })).toBe(false);
    expect(
      sameProject({ ...tender, projectCode: 'ZC-2025-001' }, { ...tender, projectCode: 'JC-2025-001' }),
    ).toBe(false);
  });

  it('keeps lots and other purchasers apart', () => {
    expect(sameProject(tender, { ...tender, projectName: '某某中学空调采购项目（2包）' })).toBe(false);
    expect(sameProject(tender, { ...tender, purchaser: '另一中学' })).toBe(false);
  });
});
