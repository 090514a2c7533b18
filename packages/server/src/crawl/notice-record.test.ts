import { describe, expect, it } from 'vitest';
import { noticeRecord } from './notice-record';

const raw = (content: string) => ({
  content,
  sourceUrl: 'https://example.invalid/notice/1',
  sourceName: '测试来源',
  publishDate: '2025-06-01',
});

describe('noticeRecord titles', () => {
  it("titles a notice by its project's name where the page gives only a section heading", () => {
    const read = noticeRecord(
      raw('二、更正信息\n原公告的采购项目名称:某某街道道路维护项目\n更正事项:采购文件\n更正内容:付款方式'),
    );
    expect(read.ok && read.record.title).toBe('某某街道道路维护项目');
  });

  it('reports a notice that names neither itself nor its project, instead of importing it', () => {
    const read = noticeRecord(
      raw('一、项目基本情况\n原公告的采购项目编号:****\n原公告的采购项目名称:***\n二、更正信息'),
    );
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems.map((problem) => problem.field)).toContain('title');
  });
});

describe('noticeRecord projects', () => {
  it("carries an approval's 总投资 as the construction's investment, not as a budget", () => {
    const read = noticeRecord(
      raw(
        '关于某某镇学校建设项目可行性研究报告的批复\n某某镇人民政府:\n同意建设某某镇学校建设项目(项目代码2409-350000-04-01-123456)。\n项目估算总投资2960万元,资金来源为财政资金。',
      ),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.record.announcementType).toBe('sp');
    expect(read.record.budget).toBeNull();
    expect(read.record.construction?.totalInvestment?.fen).toBe(2_960_000_000);
  });
});
