import { ApiError } from '@tender/api-client';
import type { ExportRecord, GatePass, GateRefusal } from '@tender/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { type ExportFlowApi, ExportFlowDialog, type ExportRequest } from './export-flow-dialog';

const quota: GatePass = {
  privilege: 'downloadProject',
  limit: 500,
  used: 120,
  remaining: 380,
  charged: false,
};

const running: ExportRecord = {
  id: 41,
  fileName: '招标数据_医院_20261124-1030.xlsx',
  status: 'running',
  matched: 200,
  allowed: 200,
  written: 0,
  percent: 0,
  limited: false,
  conditions: { keyword: '医院' },
  createdAt: '2026-11-24 10:30:00',
  finishedAt: null,
  bytes: null,
  downloadPath: null,
};
const halfway: ExportRecord = { ...running, written: 100, percent: 50 };
const done: ExportRecord = {
  ...running,
  status: 'done',
  written: 200,
  percent: 100,
  finishedAt: '2026-11-24 10:30:02',
  bytes: 20480,
  downloadPath: '/webchat/api/project/exportFile?id=41',
};

function refusal(type: GateRefusal['type']): GateRefusal {
  return {
    type,
    privilege: 'downloadProject',
    feature: null,
    memberCode: 'putong',
    isMember: false,
    isDownLoad: false,
    memberProvince: '',
    province: '',
    phone: '',
    upgradeMemberCode: type === 'exportPermission' ? 'toubiaotong' : null,
    isUsePc: 1,
  };
}

function refused(type: GateRefusal['type'], message: string) {
  return new ApiError(message, {
    kind: 'business',
    path: '/webchat/api/project/getWordNum',
    code: 403,
    data: refusal(type),
    handled: false,
  });
}

/** The export endpoints as the server answers them; `statuses` are the progress answers in turn. */
function exportApi(overrides: Partial<ExportFlowApi> = {}, statuses: ExportRecord[] = [halfway, done]) {
  const answers = [...statuses];
  return {
    getWordNum: vi.fn(async () => quota),
    dataExportOrderInit: vi.fn(async () => ({
      matched: 200,
      rows: 200,
      limited: false,
      message: '共 200 条数据，可全部导出',
      permission: quota,
    })),
    dataExportOrder: vi.fn(async () => ({
      record: running,
      message: '正在生成 200 条数据的文件，完成后可在「我的导出记录」中下载',
      permission: { ...quota, used: 320, remaining: 180, charged: true },
    })),
    getNowNumStatus: vi.fn(async () => answers.shift() ?? done),
    ...overrides,
  } as unknown as ExportFlowApi;
}

const request: ExportRequest = {
  conditions: { keyword: '医院', docchnnel: ['zb'] },
  names: { zb: '招标公告' },
};

async function openFlow(api: ExportFlowApi, { dialogFits = true } = {}) {
  const handlers = {
    onClose: vi.fn(),
    openRefusal: vi.fn(() => dialogFits),
    showMessage: vi.fn(),
    download: vi.fn(async () => undefined),
    onViewRecords: vi.fn(),
  };
  const rendered = await renderWithRouter(
    <ExportFlowDialog request={request} api={api} pollIntervalMs={5} {...handlers} />,
    { path: '/dataExport', paths: ['/dataExport'] },
  );
  return { ...rendered, handlers };
}

describe('ExportFlowDialog (一键导出项目)', () => {
  it('shows the conditions, the matched rows and the remaining daily quota before anything is spent', async () => {
    const api = exportApi();
    await openFlow(api);
    const dialog = await screen.findByRole('dialog', { name: '一键导出项目' });
    expect(within(dialog).getByText('关键词：医院')).toBeInTheDocument();
    expect(within(dialog).getByText('信息类型：招标公告')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('今日剩余导出额度 380 / 500 条')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('匹配条数 200 条')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('本次导出条数 200 条')).toBeInTheDocument();
    expect(api.dataExportOrderInit).toHaveBeenCalledWith(request.conditions, { handleCodes: [403] });
    expect(api.dataExportOrder).not.toHaveBeenCalled();
  });

  it('says when the quota leaves rows out, and shows an unlimited quota as 不限', async () => {
    const api = exportApi({
      getWordNum: vi.fn(async () => ({ ...quota, limit: -1, used: null, remaining: -1 })),
      dataExportOrderInit: vi.fn(async () => ({
        matched: 900,
        rows: 380,
        limited: true,
        message: '共 900 条数据，今日剩余导出额度 380 条：本次只导出最新的 380 条，其余 520 条未导出',
        permission: quota,
      })),
    } as Partial<ExportFlowApi>);
    await openFlow(api);
    expect(await screen.findByText(/本次只导出最新的 380 条/)).toBeInTheDocument();
    expect(screen.getByLabelText('今日剩余导出额度 不限')).toBeInTheDocument();
  });

  it('starts the export, follows its progress to the end and downloads the file', async () => {
    const api = exportApi();
    const { user, handlers } = await openFlow(api);
    await user.click(await screen.findByRole('button', { name: '开始导出' }));
    const progress = await screen.findByRole('progressbar', { name: '导出进度' });
    expect(progress).toBeInTheDocument();
    expect(await screen.findByText('导出完成，文件已生成')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '导出进度' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('已生成 200 / 200 条')).toBeInTheDocument();
    expect(api.getNowNumStatus).toHaveBeenCalledWith({ id: 41 }, { silent: true });
    await user.click(screen.getByRole('button', { name: '下载文件' }));
    expect(handlers.download).toHaveBeenCalledWith(done);
    await user.click(screen.getByRole('button', { name: '查看我的导出记录' }));
    expect(handlers.onViewRecords).toHaveBeenCalledOnce();
  });

  it('shows the progress while the file is written', async () => {
    let finish: (record: ExportRecord) => void = () => undefined;
    const api = exportApi({
      getNowNumStatus: vi
        .fn()
        .mockResolvedValueOnce(halfway)
        .mockReturnValue(new Promise<ExportRecord>((resolve) => (finish = resolve))),
    } as Partial<ExportFlowApi>);
    const { user } = await openFlow(api);
    await user.click(await screen.findByRole('button', { name: '开始导出' }));
    expect(await screen.findByText('已生成 100 / 200 条')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '导出进度' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByRole('button', { name: '下载文件' })).not.toBeInTheDocument();
    finish(done);
    expect(await screen.findByRole('button', { name: '下载文件' })).toBeInTheDocument();
  });

  it('tells the user when the file could not be written', async () => {
    const api = exportApi({}, [{ ...halfway, status: 'failed' }]);
    const { user } = await openFlow(api);
    await user.click(await screen.findByRole('button', { name: '开始导出' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('文件生成失败，请重新导出');
    expect(screen.queryByRole('button', { name: '下载文件' })).not.toBeInTheDocument();
  });

  it('hands a member without the export right to the exportPermission dialog and closes', async () => {
    const api = exportApi({
      getWordNum: vi.fn(async () => {
        throw refused('exportPermission', '您没有导出数据的权限');
      }),
    } as Partial<ExportFlowApi>);
    const { handlers } = await openFlow(api);
    await waitFor(() => expect(handlers.openRefusal).toHaveBeenCalledWith(refusal('exportPermission')));
    expect(handlers.onClose).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: '开始导出' })).not.toBeInTheDocument();
  });

  it('hands conditions without data to the noData dialog', async () => {
    const api = exportApi({
      dataExportOrderInit: vi.fn(async () => {
        throw refused('noData', '根据您的条件筛选没有匹配到数据，请重新设置条件');
      }),
    } as Partial<ExportFlowApi>);
    const { handlers } = await openFlow(api);
    await waitFor(() => expect(handlers.openRefusal).toHaveBeenCalledWith(refusal('noData')));
  });

  it("hands a quota spent meanwhile (the order's usedUp) to its dialog", async () => {
    const api = exportApi({
      dataExportOrder: vi.fn(async () => {
        throw refused('usedUp', '您今日的导出条数已用完');
      }),
    } as Partial<ExportFlowApi>);
    const { user, handlers } = await openFlow(api);
    await user.click(await screen.findByRole('button', { name: '开始导出' }));
    await waitFor(() => expect(handlers.openRefusal).toHaveBeenCalledWith(refusal('usedUp')));
  });

  it('shows the message of a refusal no dialog fits (the brand offers no export)', async () => {
    const api = exportApi({
      getWordNum: vi.fn(async () => {
        throw refused(null, '本平台暂未开放数据导出');
      }),
    } as Partial<ExportFlowApi>);
    const { handlers } = await openFlow(api, { dialogFits: false });
    await waitFor(() => expect(handlers.showMessage).toHaveBeenCalledWith('本平台暂未开放数据导出'));
  });

  it('offers 重 试 after a failure that is not a refusal', async () => {
    const network = new ApiError('网络异常，请检查网络连接是否正常！', {
      kind: 'network',
      path: '/webchat/api/project/getWordNum',
      hasResponse: false,
      handled: true,
    });
    const api = exportApi({
      getWordNum: vi.fn().mockRejectedValueOnce(network).mockResolvedValue(quota),
    } as Partial<ExportFlowApi>);
    const { user } = await openFlow(api);
    expect(await screen.findByText('导出信息加载失败，请检查网络后重试')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByRole('button', { name: '开始导出' })).toBeInTheDocument();
  });
});
