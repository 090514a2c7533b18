import { describe, expect, it } from 'vitest';
import type { Tenant } from '../tenants/queries';
import { comparisonTable } from './comparison-table';
import { DEFAULT_MEMBER_TYPES } from './defaults';

const tenant: Tenant = {
  id: 'sample',
  name: '示例招标网',
  title: '示例招标网',
  interfaceVersion: 20,
  registerType: 50,
  showAnalysis: true,
  showExport: true,
  allowPay: true,
  newDemandMode: false,
  supportPhone: null,
  customerImage: null,
  customerWechatImage: null,
  privacyPolicyVersion: '2026-11-01',
};

const labels = (flags: Pick<Tenant, 'showAnalysis' | 'showExport'>) =>
  comparisonTable({ ...tenant, ...flags }, DEFAULT_MEMBER_TYPES).rows.map((row) => row.label);

describe('comparisonTable', () => {
  it('has every row of spec §2 in its order, and leaves out the rows of the features the brand hides', () => {
    expect(labels({ showAnalysis: true, showExport: true })).toEqual([
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
      '数据接口（API / MCP）调用',
    ]);
    expect(labels({ showAnalysis: true, showExport: false })).not.toContain('数据导出');
    const withoutAnalysis = labels({ showAnalysis: false, showExport: true });
    expect(withoutAnalysis).not.toContain('项目分析');
    expect(withoutAnalysis).not.toContain('合作供应商/业主');
    expect(labels({ showAnalysis: false, showExport: false })).toHaveLength(20);
  });

  it('words -1 as unlimited, 0 as none and an unlimited keyword count inside a group cell', () => {
    const [putong] = DEFAULT_MEMBER_TYPES;
    if (!putong) throw new Error('no default levels');
    const level = {
      ...putong,
      memberCode: 'qiyetong' as const,
      privileges: { ...putong.privileges, watchZhaobiao: -1, shenPiProject: 0, subscribeZhaobiaoKeyword: -1 },
    };
    const cells = Object.fromEntries(
      comparisonTable(tenant, [level]).rows.map((row) => [row.label, row.values[0]?.text]),
    );
    expect(cells).toMatchObject({
      招标信息: '无限',
      审批项目: '不支持',
      招标订阅: `${putong.privileges.subscribeZhaobiao}组，每组不限个词`,
    });
  });
});
