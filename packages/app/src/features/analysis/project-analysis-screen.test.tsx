import { ApiError } from '@tender/api-client';
import type { GateRefusal } from '@tender/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../companies/screen-test-services';
import { ProjectAnalysisScreen } from './project-analysis-screen';

const analysis = {
  id: 99,
  title: '深圳市某医院彩色多普勒超声诊断仪采购项目',
  facts: [{ label: '采购人', value: '深圳市某医院' }],
  keywords: ['超声'],
  bidders: [],
  purchaserHistory: [],
  permission: { privilege: 'projectAnalyzer', limit: 5, used: 1, remaining: 4, charged: true },
};

const refusal = {
  type: 'usedUp',
  privilege: 'projectAnalyzer',
  feature: null,
  memberCode: 'toubiaotong',
  isMember: true,
  isDownLoad: false,
  memberProvince: '',
  province: '',
  phone: '',
  upgradeMemberCode: 'qiyetong',
  isUsePc: 1,
} satisfies GateRefusal;

const screenWith = (projectAnalysisExport: ReturnType<typeof vi.fn>) =>
  renderScreen(<ProjectAnalysisScreen />, {
    api: { projectAnalysisView: vi.fn(async () => analysis), projectAnalysisExport } as never,
    path: '/projectAnalysis?id=99',
  });

describe('ProjectAnalysisScreen export (项目分析 导出)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exports through the server and saves the file under the name it gave', async () => {
    const createObjectURL = vi.fn(() => 'blob:analysis');
    // jsdom has no object URLs: the file's hand-over to the browser is observed here.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const blob = new Blob(['xlsx'], { type: 'application/vnd.ms-excel' });
    const projectAnalysisExport = vi.fn(async () => ({
      blob,
      fileName: '项目分析-彩超.xlsx',
      contentType: blob.type,
    }));
    const { user } = await screenWith(projectAnalysisExport);
    await user.click(await screen.findByRole('button', { name: '导出 Excel' }));
    expect(projectAnalysisExport).toHaveBeenCalledWith({ id: 99 }, { handleCodes: [403] });
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(click).toHaveBeenCalledOnce();
    expect(await screen.findByText('已导出：项目分析-彩超.xlsx')).toBeInTheDocument();
  });

  it('opens the permission dialog the server names when the count is used up, saving nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const projectAnalysisExport = vi.fn(async () => {
      throw new ApiError('今日项目分析次数已用完', {
        kind: 'business',
        path: '/webchat/api/zhaoBiaoInfo/project-analysis/export',
        code: 403,
        data: refusal,
        handled: false,
      });
    });
    const { user, dialogs } = await screenWith(projectAnalysisExport);
    await user.click(await screen.findByRole('button', { name: '导出 Excel' }));
    expect(dialogs.openRefusal).toHaveBeenCalledWith(refusal, undefined);
    expect(click).not.toHaveBeenCalled();
  });
});
