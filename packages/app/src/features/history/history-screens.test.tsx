import type { ItemType } from '@tender/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LayoutDialogsContext } from '../../layout/use-layout-dialogs';
import { AppServicesContext } from '../../shell/app-context';
import { renderWithRouter } from '../../test/render';
import { screenServices } from '../search/search-fixtures';
import { BrowsingHistoryScreen } from './browsing-history-screen';
import { MyFocusScreen } from './my-focus-screen';

interface Row {
  id: number;
  type: ItemType;
  typeName: string;
  title: string;
}

const rows: Row[] = [
  { id: 31, type: 'zb', typeName: '招标公告', title: '人民医院监控设备采购' },
  { id: 32, type: 'nj', typeName: '拟建项目', title: '城北污水处理厂扩建项目' },
];

function summary(row: Row) {
  return {
    ...row,
    regionText: '广东省 深圳市',
    provinceCode: '440000',
    publishDate: '2026-11-20',
    amount: { wanYuanText: '128.5万元' },
    purchaserName: '深圳市人民医院',
    isCollect: true,
  };
}

/** The history and follow endpoints over a list held in memory, as the server keeps them per user. */
function createHistoryApi(initial: Row[] = rows) {
  let kept = [...initial];
  const page = ({ type }: { type?: ItemType }) => {
    const shown = kept.filter((row) => !type || row.type === type);
    const typeCounts = [...new Set(kept.map((row) => row.type))].map((code) => ({
      type: code,
      typeName: kept.find((row) => row.type === code)?.typeName ?? '',
      count: kept.filter((row) => row.type === code).length,
    }));
    return { total: shown.length, typeCounts, shown };
  };
  return {
    browseHistoryList: vi.fn(async (request: { type?: ItemType }) => {
      const { shown, ...rest } = page(request);
      return {
        ...rest,
        records: shown.map((row) => ({
          ...summary(row),
          browseDate: '2026-11-24',
          browsedAt: '2026-11-24 10:00:00',
          views: 2,
        })),
      };
    }),
    delBrowseHistory: vi.fn(async ({ id }: { id?: number }) => {
      const before = kept.length;
      kept = id === undefined ? [] : kept.filter((row) => row.id !== id);
      return { removed: before - kept.length };
    }),
    collectionList: vi.fn(async (request: { type?: ItemType }) => {
      const { shown, ...rest } = page(request);
      return {
        ...rest,
        records: shown.map((row) => ({ ...summary(row), collectedAt: '2026-11-24 09:00:00' })),
      };
    }),
    delCollection: vi.fn(async ({ id, type }: { id: number; type: ItemType }) => {
      kept = kept.filter((row) => row.id !== id);
      return { id, type, isCollect: false };
    }),
  };
}

async function renderScreen(ui: React.ReactNode, api: ReturnType<typeof createHistoryApi>) {
  const { services, dialogs } = screenServices(api);
  return renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LayoutDialogsContext.Provider value={dialogs}>{ui}</LayoutDialogsContext.Provider>
    </AppServicesContext.Provider>,
    {
      path: '/BrowsingHistory',
      paths: ['/BrowsingHistory', '/myFocus', '/tender/index', '/building/index', '/informationQuery/bid'],
    },
  );
}

describe('BrowsingHistoryScreen (我的浏览历史)', () => {
  it('lists the viewed items by type, each opening its detail screen', async () => {
    const api = createHistoryApi();
    await renderScreen(<BrowsingHistoryScreen />, api);
    const list = await screen.findByRole('list', { name: '浏览记录' });
    expect(within(list).getByRole('link', { name: '人民医院监控设备采购' })).toHaveAttribute(
      'href',
      '/tender/index?id=31&type=zb',
    );
    expect(within(list).getByRole('link', { name: '城北污水处理厂扩建项目' })).toHaveAttribute(
      'href',
      '/building/index?id=32&type=nj',
    );
    expect(within(list).getAllByText('浏览于 2026-11-24 10:00:00（当天 2 次）')).toHaveLength(2);
    expect(api.browseHistoryList).toHaveBeenCalledWith({ pageNumber: 1, pageSize: 20 }, expect.anything());
  });

  it('shows one type when its tab is chosen', async () => {
    const api = createHistoryApi();
    const { user } = await renderScreen(<BrowsingHistoryScreen />, api);
    await user.click(await screen.findByRole('tab', { name: '拟建项目（1）' }));
    await waitFor(() =>
      expect(api.browseHistoryList).toHaveBeenLastCalledWith(
        { pageNumber: 1, pageSize: 20, type: 'nj' },
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '人民医院监控设备采购' })).not.toBeInTheDocument(),
    );
  });

  it('deletes a line after the confirmation, and keeps it when cancelled', async () => {
    const api = createHistoryApi();
    const { user } = await renderScreen(<BrowsingHistoryScreen />, api);
    await user.click(await screen.findByRole('button', { name: '删除浏览记录：人民医院监控设备采购' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取 消' }));
    expect(api.delBrowseHistory).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '删除浏览记录：人民医院监控设备采购' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确 定' }));
    expect(api.delBrowseHistory).toHaveBeenCalledWith({ id: 31 });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '人民医院监控设备采购' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: '城北污水处理厂扩建项目' })).toBeInTheDocument();
  });

  it('clears the whole history and then says there is none', async () => {
    const api = createHistoryApi();
    const { user } = await renderScreen(<BrowsingHistoryScreen />, api);
    await user.click(await screen.findByRole('button', { name: '清空浏览历史' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确 定' }));
    expect(api.delBrowseHistory).toHaveBeenCalledWith({});
    expect(await screen.findByText('暂无浏览记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去查询信息' })).toHaveAttribute('href', '/informationQuery/bid');
  });

  it('says what failed and loads again on 重试', async () => {
    const api = createHistoryApi();
    api.browseHistoryList.mockRejectedValueOnce(new Error('网络异常，请检查网络连接是否正常！'));
    const { user } = await renderScreen(<BrowsingHistoryScreen />, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常');
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '人民医院监控设备采购' })).toBeInTheDocument();
  });
});

describe('MyFocusScreen (我的关注)', () => {
  it('lists the followed items and unfollows one after the confirmation', async () => {
    const api = createHistoryApi();
    const { user } = await renderScreen(<MyFocusScreen />, api);
    const list = await screen.findByRole('list', { name: '关注列表' });
    expect(within(list).getAllByText('关注于 2026-11-24 09:00:00')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: '取消关注：城北污水处理厂扩建项目' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确 定' }));
    expect(api.delCollection).toHaveBeenCalledWith({ id: 32, type: 'nj' });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '城北污水处理厂扩建项目' })).not.toBeInTheDocument(),
    );
  });

  it('says 暂无关注 with how to follow when nothing is followed', async () => {
    await renderScreen(<MyFocusScreen />, createHistoryApi([]));
    expect(await screen.findByText('暂无关注')).toBeInTheDocument();
    expect(screen.getByText(/点击“关注”/)).toBeInTheDocument();
  });
});
