import { describe, expect, it } from 'vitest';
import {
  conditionSummary,
  EMPTY_EXPORT_FORM,
  exportConditionsOf,
  exportFormOf,
  validateExportForm,
} from './export-conditions';

describe('export conditions', () => {
  it("sends an amount range as 'min,max', a lower bound of 0 as 0.01 (spec §5)", () => {
    expect(exportConditionsOf({ ...EMPTY_EXPORT_FORM, minAmount: '0', maxAmount: '100' }).amount).toBe(
      '0.01,100',
    );
    expect(exportConditionsOf({ ...EMPTY_EXPORT_FORM, minAmount: '0' }).amount).toBe('0,');
    expect(exportConditionsOf({ ...EMPTY_EXPORT_FORM, maxAmount: '50.5' }).amount).toBe(',50.5');
    expect(exportConditionsOf(EMPTY_EXPORT_FORM)).toEqual({});
  });

  it('sends only the conditions that are set', () => {
    expect(
      exportConditionsOf({
        ...EMPTY_EXPORT_FORM,
        keyword: '  医院 设备 ',
        types: ['zb', 'jg'],
        area: ['440000'],
        startDate: '2026-01-01',
      }),
    ).toEqual({ keyword: '医院 设备', docchnnel: ['zb', 'jg'], area: ['440000'], startDate: '2026-01-01' });
  });

  it('names the field of every mistake in Chinese', () => {
    expect(validateExportForm({ ...EMPTY_EXPORT_FORM, minAmount: '-1', maxAmount: 'abc' })).toEqual({
      minAmount: '最低金额（万元）须为不小于 0 的数字',
      maxAmount: '最高金额（万元）须为不小于 0 的数字',
    });
    expect(validateExportForm({ ...EMPTY_EXPORT_FORM, minAmount: '200', maxAmount: '100' })).toEqual({
      minAmount: '最低金额不能大于最高金额',
    });
    expect(
      validateExportForm({ ...EMPTY_EXPORT_FORM, startDate: '2026-03-02', endDate: '2026-03-01' }),
    ).toEqual({ startDate: '发布日期起不能晚于发布日期止' });
    expect(validateExportForm({ ...EMPTY_EXPORT_FORM, keyword: '字'.repeat(101) })).toEqual({
      keyword: '关键词最多 100 个字',
    });
    expect(validateExportForm({ ...EMPTY_EXPORT_FORM, minAmount: '0', maxAmount: '10' })).toEqual({});
  });

  it('fills the form from the stored conditions of the last export', () => {
    expect(
      exportFormOf({
        keyword: '医院',
        searchType: 10,
        docchnnel: ['zb'],
        area: ['440000', '430000'],
        amount: '0.01,100',
        endDate: '2026-06-30',
      }),
    ).toEqual({
      ...EMPTY_EXPORT_FORM,
      keyword: '医院',
      types: ['zb'],
      area: ['440000', '430000'],
      minAmount: '0.01',
      maxAmount: '100',
      endDate: '2026-06-30',
    });
    expect(exportFormOf(null)).toEqual(EMPTY_EXPORT_FORM);
  });

  it('reads the conditions as lines, with names for the codes', () => {
    expect(
      conditionSummary(
        { keyword: '医院', docchnnel: ['zb', 'jg'], area: ['440000'], amount: ',100' },
        { zb: '招标公告', jg: '中标结果', 440000: '广东省' },
      ),
    ).toEqual([
      { label: '关键词', value: '医院' },
      { label: '信息类型', value: '招标公告、中标结果' },
      { label: '地区', value: '广东省' },
      { label: '金额（万元）', value: '不限 ~ 100' },
    ]);
    expect(conditionSummary({})).toEqual([]);
  });
});
