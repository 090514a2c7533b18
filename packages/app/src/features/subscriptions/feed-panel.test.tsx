import { DISPLAY_MODES, type DisplayMode } from '@tender/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pickDate } from '../../test/pick-date';
import { renderWithRouter } from '../../test/render';
import { FeedPanel, type FeedPanelProps } from './feed-panel';
import type { FeedPage, FeedQuery, FeedRecord } from './types';
import type { FeedArrival } from './use-feed-arrivals';

function record(index: number, fields: Partial<FeedRecord> = {}): FeedRecord {
  return {
    id: 1000 + index,
    type: 'zb',
    typeName: '招标公告',
    title: `第${index}号医院设备采购公告`,
    regionText: '广东省 深圳市',
    provinceCode: '440000',
    publishDate: `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
    amount: null,
    purchaserName: '深圳市人民医院',
    isCollect: false,
    feedId: 5000 + index,
    groupIds: [1],
    monitorKinds: [],
    words: ['医院'],
    isRead: index % 2 === 0,
    matchedAt: '2026-03-30 09:00:00',
    ...fields,
  };
}

/** A feed the way the server answers it: filtered by dates, title and unread, newest first, paged. */
function serverFeed(records: FeedRecord[]) {
  return vi.fn(async (query: FeedQuery): Promise<FeedPage> => {
    const matching = records.filter(
      (line) =>
        (!query.startDate || line.publishDate >= query.startDate) &&
        (!query.endDate || line.publishDate <= query.endDate) &&
        (!query.secondSearch || line.title.includes(query.secondSearch)) &&
        (!query.unread || !line.isRead),
    );
    const pageNumber = Number(query.pageNumber ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    return {
      records: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      total: matching.length,
    };
  });
}

async function renderPanel(
  props: Partial<FeedPanelProps> = {},
  Panel: ComponentType<FeedPanelProps> = FeedPanel,
) {
  const loadFeed = serverFeed(Array.from({ length: 45 }, (_, index) => record(index + 1)));
  const markRead = vi.fn(async () => ({ updated: 1 }));
  const onDisplayModeChange = vi.fn();
  const rendered = await renderWithRouter(
    <Panel
      selection={{ feed: 'bidding', groupId: 1 }}
      label="医院设备"
      loadFeed={loadFeed}
      markRead={markRead}
      displayMode={DISPLAY_MODES.LIST}
      onDisplayModeChange={onDisplayModeChange}
      emptyText="暂无匹配的信息。"
      {...props}
    />,
    { path: '/subscribe/bidding', paths: ['/subscribe/bidding', '/tender/index'] },
  );
  return { ...rendered, loadFeed, markRead, onDisplayModeChange };
}

const lastQuery = (loadFeed: ReturnType<typeof serverFeed>) => loadFeed.mock.lastCall?.[0];
const items = () => within(screen.getByRole('list', { name: '订阅信息' })).getAllByRole('listitem');

describe('FeedPanel', () => {
  it('lists the first page of the selection with its unread marks and opens an item at its detail route', async () => {
    const { user, loadFeed, markRead, router } = await renderPanel({ unread: 23 });
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(lastQuery(loadFeed)).toEqual({ feed: 'bidding', groupId: 1, pageNumber: 1, pageSize: 20 });
    expect(screen.getByText('共 45 条，未读 23 条')).toBeInTheDocument();
    const first = items()[0] as HTMLElement;
    expect(first).toHaveTextContent('未读');
    expect(first).toHaveTextContent('命中：医院');
    await user.click(within(first).getByRole('link', { name: '第1号医院设备采购公告' }));
    expect(markRead).toHaveBeenCalledWith({ feedIds: [5001], feed: 'bidding', groupId: 1 });
    expect(router.state.location.pathname).toBe('/tender/index');
    expect(router.state.location.search).toEqual({ id: 1001, type: 'zb' });
  });

  it('pages through the feed', async () => {
    const { user, loadFeed } = await renderPanel();
    await waitFor(() => expect(items()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(items()).toHaveLength(5));
    expect(lastQuery(loadFeed)).toMatchObject({ pageNumber: 3 });
  });

  it('filters by publish dates, a title search and unread only, and says when nothing is left', async () => {
    const { user, loadFeed } = await renderPanel();
    await waitFor(() => expect(items()).toHaveLength(20));
    await pickDate(user, '发布日期起', '2026-03-10');
    await pickDate(user, '发布日期止', '2026-03-12');
    await user.type(screen.getByRole('textbox', { name: '在结果中搜索' }), '第10号');
    await user.click(screen.getByRole('button', { name: '搜 索' }));
    await waitFor(() =>
      expect(items().map((item) => item.querySelector('a')?.textContent)).toEqual(['第10号医院设备采购公告']),
    );
    expect(lastQuery(loadFeed)).toEqual({
      feed: 'bidding',
      groupId: 1,
      startDate: '2026-03-10',
      endDate: '2026-03-12',
      secondSearch: '第10号',
      pageNumber: 1,
      pageSize: 20,
    });
    await user.click(screen.getByRole('checkbox', { name: '只看未读' }));
    expect(await screen.findByText('没有符合筛选条件的信息，请调整日期或搜索词。')).toBeInTheDocument();
    expect(lastQuery(loadFeed)).toMatchObject({ unread: true });
    await user.click(screen.getByRole('button', { name: '重 置' }));
    await waitFor(() => expect(items()).toHaveLength(20));
  });

  it('shows the table display mode and hands a change of mode to the screen', async () => {
    const { user, onDisplayModeChange } = await renderPanel({
      displayMode: DISPLAY_MODES.TABLE as DisplayMode,
    });
    const table = await screen.findByRole('table', { name: '订阅信息' });
    expect(within(table).getByRole('columnheader', { name: '采购人' })).toBeInTheDocument();
    expect(within(table).getAllByRole('link')).toHaveLength(20);
    await user.click(screen.getByRole('radio', { name: '列表' }));
    expect(onDisplayModeChange).toHaveBeenCalledWith(DISPLAY_MODES.LIST);
  });

  it('announces the items of its selection pushed live that it does not show yet, and shows them on request', async () => {
    const lines = Array.from({ length: 45 }, (_, index) => record(index + 1));
    const loadFeed = serverFeed(lines);
    let push: (arrivals: FeedArrival[]) => void = () => undefined;
    function LiveFeedPanel(props: FeedPanelProps) {
      const [arrivals, setArrivals] = useState<FeedArrival[]>([]);
      push = setArrivals;
      return <FeedPanel {...props} arrivals={arrivals} />;
    }
    const { user } = await renderPanel({ loadFeed }, LiveFeedPanel);
    await waitFor(() => expect(items()).toHaveLength(20));
    await user.type(screen.getByRole('textbox', { name: '在结果中搜索' }), '第1号');
    await user.click(screen.getByRole('button', { name: '搜 索' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    // Pushed: one line already shown, one of another group, two new lines of this group.
    const arrivals = [
      { feedId: 5001, groupIds: [1], monitorKinds: [] },
      { feedId: 6001, groupIds: [2], monitorKinds: [] },
      { feedId: 6002, groupIds: [1, 2], monitorKinds: [] },
      { feedId: 6003, groupIds: [1], monitorKinds: ['owner'] },
    ];
    lines.unshift(record(103, { feedId: 6003 }), record(102, { feedId: 6002 }));
    act(() => push(arrivals));
    expect(screen.getByText('2 条新信息')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '点击查看' }));
    await waitFor(() => expect(items()[0]).toHaveTextContent('第103号医院设备采购公告'));
    expect(lastQuery(loadFeed)).toEqual({ feed: 'bidding', groupId: 1, pageNumber: 1, pageSize: 20 });
    expect(screen.getByRole('textbox', { name: '在结果中搜索' })).toHaveValue('');
    expect(screen.queryByText(/条新信息/)).not.toBeInTheDocument();
  });

  it('marks the whole selection read', async () => {
    const onReadChanged = vi.fn();
    const { user, markRead } = await renderPanel({ onReadChanged });
    await waitFor(() => expect(items()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: '全部标为已读' }));
    expect(markRead).toHaveBeenCalledWith({ feed: 'bidding', groupId: 1 });
    await waitFor(() => expect(onReadChanged).toHaveBeenCalledOnce());
  });

  it('says a load failed and loads again on 重试', async () => {
    const loadFeed = vi
      .fn<(query: FeedQuery) => Promise<FeedPage>>()
      .mockRejectedValueOnce(new Error('网络异常，请检查网络连接是否正常！'))
      .mockResolvedValue({ records: [], total: 0 });
    const { user } = await renderPanel({ loadFeed });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('加载失败：网络异常，请检查网络连接是否正常！');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('暂无匹配的信息。')).toBeInTheDocument();
  });
});
