import type { MemberPrivileges } from '@tender/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberLevels } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { privilegeComparisonRows } from './privilege-comparison';
import { PrivilegeComparisonTable } from './privilege-comparison-table';

const allFeatures = { export: true, analysis: true };
const qiyetongLevel = memberLevels.find((level) => level.memberCode === 'qiyetong');

describe('privilegeComparisonRows', () => {
  it('has every row of spec §2, in its order', () => {
    expect(privilegeComparisonRows(memberLevels, allFeatures).map((row) => row.label)).toEqual([
      '招标信息',
      '拟建项目',
      '审批项目',
      '采购意向',
      '前期商机',
      '招标订阅',
      '中标订阅',
      '前期商机订阅',
      '拟建项目订阅',
      '企业监控',
      '项目监控',
      '附件下载',
      '查看原文链接',
      'PC端查看',
      '公告正文下载',
      '拟建项目联系方式',
      '数据导出',
      '项目分析',
      '潜在投标人预测',
      '企业详情',
      '合作供应商/业主',
      '企业通讯录',
    ]);
  });

  it('words -1/true as unlimited, 0/false as none and N as a quota', () => {
    const level = (values: Record<string, number | boolean>) => ({
      memberCode: 'qiyetong' as const,
      privileges: {
        ...(qiyetongLevel?.privileges ?? memberLevels[0]?.privileges),
        ...values,
      } as MemberPrivileges,
    });
    const cells = (values: Record<string, number | boolean>) =>
      Object.fromEntries(
        privilegeComparisonRows([level(values)], allFeatures).map((row) => [row.key, row.cells[0]]),
      );
    expect(cells({ watchZhaobiao: -1, downloadExpansion: true, companyMonitor: -1 })).toMatchObject({
      watchZhaobiao: '无限',
      downloadExpansion: '支持',
      companyMonitor: '无限',
    });
    expect(cells({ watchZhaobiao: 0, downloadExpansion: false, havePcLogin: false })).toMatchObject({
      watchZhaobiao: '不支持',
      downloadExpansion: '不支持',
      havePcLogin: '不支持',
    });
    expect(
      cells({
        watchZhaobiao: 150,
        detailLink: 7,
        companyMonitor: 30,
        subscribeZhaobiao: 4,
        subscribeZhaobiaoKeyword: -1,
      }),
    ).toMatchObject({
      watchZhaobiao: '150条/天',
      detailLink: '7次/天',
      companyMonitor: '30家',
      subscribeZhaobiao: '4组，每组不限个词',
    });
  });

  it("words putong's daily quotas as its free trial", () => {
    const [putong] = privilegeComparisonRows(memberLevels.slice(0, 1), allFeatures);
    expect(putong?.cells).toEqual(['免费试用3条/天']);
  });

  it('leaves out the rows of features the brand hides', () => {
    const labels = (features: { export: boolean; analysis: boolean }) =>
      privilegeComparisonRows(memberLevels, features).map((row) => row.label);
    expect(labels({ export: false, analysis: true })).not.toContain('数据导出');
    expect(labels({ export: true, analysis: false })).not.toContain('项目分析');
    expect(labels({ export: true, analysis: false })).not.toContain('合作供应商/业主');
    expect(labels({ export: false, analysis: false })).toHaveLength(19);
  });
});

describe('PrivilegeComparisonTable', () => {
  it('shows one column per level and the cells of the privilege values', () => {
    renderWithKit(
      <PrivilegeComparisonTable levels={memberLevels} features={allFeatures} selectedMemberCode="qiye" />,
    );
    const table = screen.getByRole('table', { name: '会员权益对比' });
    const headers = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['会员权益', '普通用户', '投标通', '企业通', '企业版']);
    const row = within(table).getByRole('rowheader', { name: '采购意向' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['不支持', '不支持', '50条/天', '无限']);
    const subscriptions = within(table)
      .getByRole('rowheader', { name: '招标订阅' })
      .closest('tr') as HTMLElement;
    expect(within(subscriptions).getAllByRole('cell')[3]).toHaveTextContent('50组，每组20个词');
    expect(within(table).getByRole('columnheader', { name: '每日可查看信息' })).toBeInTheDocument();
  });
});
