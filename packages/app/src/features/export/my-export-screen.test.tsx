import { ApiError, type EndpointFunctions } from '@tender/api-client';
import type { ExportRecord } from '@tender/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { ExportRecords } from './my-export-screen';

const done: ExportRecord = {
  id: 7,
  fileName: '招标数据_医院_20261124-1030.xlsx',
  status: 'done',
  matched: 900,
  allowed: 380,
  written: 380,
  percent: 100,
  limited: true,
  conditions: { keyword: '医院', amount: '0.01,100' },
  createdAt: '2026-11-24 10:30:00',
  finishedAt: '2026-11-24 10:30:03',
  bytes: 40960,
  downloadPath: '/webchat/api/project/exportFile?id=7',
};
const running: ExportRecord = {
  ...done,
  id: 8,
  fileName: '招标数据_全部_20261124-1100.xlsx',
  status: 'running',
  matched: 200,
  allowed: 200,
  written: 50,
  percent: 25,
  limited: false,
  conditions: {},
  createdAt: '2026-11-24 11:00:00',
  finishedAt: null,
  bytes: null,
  downloadPath: null,
};

type ListApi = Pick<EndpointFunctions, 'exportRecordList'>;

function listApi(records: ExportRecord[]): ListApi {
  return {
    exportRecordList: vi.fn(async () => ({ records, total: records.length, pageNumber: 1, pageSize: 10 })),
  } as unknown as ListApi;
}

async function show(api: ListApi) {
  const download = vi.fn(async () => undefined);
  const rendered = await renderWithRouter(<ExportRecords api={api} download={download} />, {
    path: '/myExport',
    paths: ['/myExport', '/dataExport'],
  });
  return { ...rendered, download };
}

describe('ExportRecords (我的导出记录)', () => {
  it('lists each export with its status, rows and time, and downloads a finished file again', async () => {
    const { user, download } = await show(listApi([running, done]));
    const table = await screen.findByRole('table', { name: '导出记录' });
    const [, runningRow, doneRow] = within(table).getAllByRole('row');
    expect(runningRow).toHaveTextContent('生成中');
    expect(runningRow).toHaveTextContent('50 / 200 条');
    expect(runningRow).toHaveTextContent('全部信息（未设置条件）');
    expect(within(runningRow as HTMLElement).queryByRole('button', { name: /下载/ })).not.toBeInTheDocument();
    expect(doneRow).toHaveTextContent('已完成');
    expect(doneRow).toHaveTextContent('380 条（共匹配 900 条）');
    expect(doneRow).toHaveTextContent('关键词：医院；金额（万元）：0.01 ~ 100');
    expect(doneRow).toHaveTextContent('2026-11-24 10:30:00');
    await user.click(within(doneRow as HTMLElement).getByRole('button', { name: `下载 ${done.fileName}` }));
    expect(download).toHaveBeenCalledWith(done);
  });

  it('says there are no exports yet and where to make one', async () => {
    await show(listApi([]));
    expect(await screen.findByText('暂无导出记录，可在「数据导出」中设置条件后导出')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去导出数据' })).toHaveAttribute('href', '/dataExport');
  });

  it('offers 重 试 when the records cannot be loaded', async () => {
    const failure = new ApiError('服务器出错', {
      kind: 'status',
      path: '/webchat/api/project/exportRecordList',
      status: 500,
      handled: true,
    });
    const api = {
      exportRecordList: vi
        .fn()
        .mockRejectedValueOnce(failure)
        .mockResolvedValue({ records: [done], total: 1, pageNumber: 1, pageSize: 10 }),
    } as unknown as ListApi;
    const { user } = await show(api);
    expect(await screen.findByText('导出记录加载失败，请检查网络后重试')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByRole('table', { name: '导出记录' })).toBeInTheDocument();
  });
});
