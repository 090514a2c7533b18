import type { User } from '@tender/contracts';
import { TIP_DURATION_MS } from '@tender/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LayoutDialogsContext } from '../../layout/use-layout-dialogs';
import { AppServicesContext } from '../../shell/app-context';
import { useUserStore } from '../../stores/user-store';
import { renderWithRouter } from '../../test/render';
import { BidSearchScreen } from './bid-search-screen';
import { createSearchApi, resultPage, screenServices, searchRecord } from './search-fixtures';

const user = { userId: 7, displayMode: 10 } as User;

async function renderSearch(api = createSearchApi(), { exportFlag = true } = {}) {
  const { services: base, dialogs } = screenServices(api);
  const services = { ...base, brand: { ...base.brand, flags: { ...base.brand.flags, export: exportFlag } } };
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LayoutDialogsContext.Provider value={dialogs}>
        <BidSearchScreen />
      </LayoutDialogsContext.Provider>
    </AppServicesContext.Provider>,
    {
      path: '/informationQuery/bid',
      paths: ['/informationQuery/bid', '/tender/index', '/building/index', '/myExport'],
    },
  );
  await waitFor(() => expect(api.searchList).toHaveBeenCalled());
  // The filters start folded (the results show within the first screen).
  await rendered.user.click(screen.getByRole('button', { name: '展开筛选' }));
  return { ...rendered, api };
}

function lastCall<T>(spy: { mock: { calls: unknown[][] } }): T {
  return spy.mock.calls.at(-1)?.[0] as T;
}

afterEach(() => {
  act(() => useUserStore.setState({ user: undefined }));
});

describe('BidSearchScreen', () => {
  it('searches the typed keyword on Enter with the chosen scope and mode codes (spec §3: 20 标题, 10 模糊)', async () => {
    const { api, user: pointer } = await renderSearch();
    const conditions = screen.getByRole('region', { name: '筛选条件' });
    await pointer.click(within(conditions).getByRole('radio', { name: '标题' }));
    await pointer.click(within(conditions).getByRole('radio', { name: '模糊' }));
    await pointer.type(screen.getByRole('combobox', { name: '搜索词' }), '医院{Enter}');
    await waitFor(() =>
      expect(lastCall(api.searchList)).toMatchObject({
        keyword: '医院',
        searchType: 20,
        searchPattern: 10,
        pageNumber: 1,
        pageSize: 20,
      }),
    );
  });

  it('sends an amount range starting at 0 with minAmount 0.01 (spec §5)', async () => {
    const { api, user: pointer } = await renderSearch();
    await pointer.click(screen.getByRole('combobox', { name: '金额' }));
    await pointer.click(await screen.findByRole('option', { name: '50万以下' }));
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ minAmount: 0.01, maxAmount: 50 }));
    expect(lastCall(api.searchList)).not.toHaveProperty('amount');
  });

  it('narrows 招标公告 to a procurement method: the method is sent instead of the type', async () => {
    const { api, user: pointer } = await renderSearch();
    const conditions = screen.getByRole('region', { name: '筛选条件' });
    await pointer.click(await within(conditions).findByRole('checkbox', { name: '招标公告' }));
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ docchnnel: ['zb'] }));
    await pointer.click(within(conditions).getByRole('checkbox', { name: '公开招标' }));
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ docchnnel: ['gk'] }));
    await pointer.click(within(conditions).getByRole('checkbox', { name: '招标公告' }));
    await waitFor(() => expect(lastCall(api.searchList)).not.toHaveProperty('docchnnel'));
    expect(within(conditions).queryByRole('checkbox', { name: '公开招标' })).not.toBeInTheDocument();
  });

  it('moves through the suggestions with the arrow keys and searches the chosen one with Enter', async () => {
    const { api, user: pointer } = await renderSearch();
    const box = screen.getByRole('combobox', { name: '搜索词' });
    await pointer.type(box, '医院');
    // spec §5: suggestions wait for 300 ms of quiet typing; the wait allows a busy CI machine's slow render too
    // (2 s was outlasted there). That they come once, for the whole word, is asserted below.
    await screen.findByRole('option', { name: '医院改造' }, { timeout: 5000 });
    expect(api.searchWordList).toHaveBeenCalledTimes(1);
    expect(api.searchWordList).toHaveBeenCalledWith({ keyword: '医院' }, expect.anything());
    await pointer.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ keyword: '医院改造' }));
    expect(box).toHaveValue('医院改造');
    // The chosen word is searched, not suggested again once the debounce has passed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.searchWordList).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('searches a hot word or a history word with one click', async () => {
    const { api, user: pointer } = await renderSearch();
    const hot = await screen.findByRole('group', { name: '热门搜索' });
    await pointer.click(within(hot).getByRole('button', { name: '监控' }));
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ keyword: '监控' }));
    const history = await screen.findByRole('group', { name: '搜索历史' });
    await pointer.click(within(history).getByRole('button', { name: '学校' }));
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ keyword: '学校' }));
  });

  it('shows the server highlight as marks and opens each result by id and type', async () => {
    const api = createSearchApi(
      resultPage([
        searchRecord({
          id: 11,
          title: '人民医院设备采购',
          titleHighlight: '人民<em class="hl">医院</em>设备采购',
        }),
        searchRecord({ id: 12, title: '城北水厂拟建项目', docType: 'nj', typeLabel: '拟建项目' }),
      ]),
    );
    await renderSearch(api);
    const list = await screen.findByRole('list', { name: '结果列表' });
    const first = within(list).getByRole('link', { name: '人民医院设备采购' });
    expect(within(first).getByText('医院').tagName).toBe('MARK');
    expect(first).toHaveAttribute('href', '/tender/index?id=11&type=zb');
    expect(within(list).getByRole('link', { name: '城北水厂拟建项目' })).toHaveAttribute(
      'href',
      '/building/index?id=12&type=nj',
    );
  });

  it('says 暂无数据 with a hint to change the conditions when nothing matches', async () => {
    await renderSearch();
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText(/请更换搜索词或修改筛选条件/)).toBeInTheDocument();
  });

  it('shows the capped total and caps the pages at 50 with the toast (spec §2 Pagination, §9)', async () => {
    const records = Array.from({ length: 20 }, (_, index) =>
      searchRecord({ id: index + 1, title: `公告${index + 1}` }),
    );
    const api = createSearchApi(resultPage(records, 10_001));
    const { user: pointer } = await renderSearch(api);
    expect(await screen.findByText('共找到 10000+ 条数据')).toBeInTheDocument();
    // The jump field is disabled while a search is loading (a slow CI machine can still be loading one here):
    // typed into then, it would stay empty and jump to page 1.
    await waitFor(() => expect(screen.getByRole('button', { name: '确定' })).toBeEnabled());
    await pointer.type(screen.getByRole('textbox', { name: '跳转到' }), '80');
    await pointer.click(screen.getByRole('button', { name: '确定' }));
    // The toast shows on the click for TIP_DURATION_MS: looked for as long.
    expect(
      await screen.findByText('最多只能查看前50页数据', undefined, { timeout: TIP_DURATION_MS }),
    ).toBeInTheDocument();
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ pageNumber: 50 }));
  });

  it('saves the display mode to the server, re-reads it and shows the table (spec §4 Display mode)', async () => {
    act(() => useUserStore.setState({ user }));
    const records = [searchRecord({ id: 11, title: '人民医院设备采购' })];
    const { api, user: pointer } = await renderSearch(createSearchApi(resultPage(records)));
    await screen.findByRole('list', { name: '结果列表' });
    // The user store already holds the mode: nothing to fetch.
    expect(api.getOrInitPreference).not.toHaveBeenCalled();
    await pointer.click(screen.getByRole('radio', { name: '表格' }));
    expect(await screen.findByRole('table', { name: '结果表格' })).toBeInTheDocument();
    expect(api.updatePreference).toHaveBeenCalledWith({ displayMode: 20 });
    expect(api.getOrInitPreference).toHaveBeenCalledTimes(1);
    expect(api.updatePreference.mock.invocationCallOrder[0]).toBeLessThan(
      api.getOrInitPreference.mock.invocationCallOrder[0] ?? 0,
    );
    expect(useUserStore.getState().user?.displayMode).toBe(20);
  });

  it('keeps the list when the server refuses to save the mode', async () => {
    act(() => useUserStore.setState({ user }));
    const api = createSearchApi(resultPage([searchRecord({ id: 11, title: '人民医院设备采购' })]));
    api.updatePreference.mockRejectedValueOnce(new Error('服务器出错'));
    const { user: pointer } = await renderSearch(api);
    await pointer.click(screen.getByRole('radio', { name: '表格' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: '列表' })).toBeChecked());
    expect(screen.getByRole('list', { name: '结果列表' })).toBeInTheDocument();
    expect(useUserStore.getState().user?.displayMode).toBe(10);
  });

  it('reads the mode with getOrInitPreference when the user holds none', async () => {
    const api = createSearchApi(resultPage([searchRecord({ id: 11, title: '人民医院设备采购' })]));
    api.getOrInitPreference.mockResolvedValue({ displayMode: 20 } as never);
    await renderSearch(api);
    expect(await screen.findByRole('table', { name: '结果表格' })).toBeInTheDocument();
  });

  it('searches 全部搜索 by tab, the tabs carrying the capped counts', async () => {
    const { api, user: pointer } = await renderSearch();
    await pointer.click(screen.getByRole('tab', { name: '全部搜索' }));
    await waitFor(() => expect(lastCall(api.searchAllList)).toMatchObject({ tab: 'all', pageNumber: 1 }));
    const tabs = await screen.findByRole('tablist', { name: '信息分类' });
    await pointer.click(within(tabs).getByRole('tab', { name: '中标结果（10000+）' }));
    await waitFor(() => expect(lastCall(api.searchAllList)).toMatchObject({ tab: 'jg' }));
    expect(api.getSearchAllCondition).toHaveBeenCalled();
  });

  it('lists 审批项目 through spxm/getPage with their own search records', async () => {
    const { api, user: pointer } = await renderSearch();
    await pointer.click(screen.getByRole('tab', { name: '审批项目' }));
    await waitFor(() => expect(api.spxmGetPage).toHaveBeenCalled());
    const history = await screen.findByRole('group', { name: '搜索历史' });
    expect(await within(history).findByRole('button', { name: '水库' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '信息类型' })).not.toBeInTheDocument();
  });

  it('adds a word to search within the results and removes it again', async () => {
    const { api, user: pointer } = await renderSearch();
    await pointer.type(screen.getByRole('textbox', { name: '在结果中搜索' }), '监控{Enter}');
    await waitFor(() => expect(lastCall(api.searchList)).toMatchObject({ secondSearch: ['监控'] }));
    await pointer.click(screen.getByRole('button', { name: '移除二次搜索词 监控' }));
    await waitFor(() => expect(lastCall(api.searchList)).not.toHaveProperty('secondSearch'));
  });

  describe('一键导出项目 (spec §2 Shared screen parts)', () => {
    const quota = { privilege: 'downloadProject', limit: 500, used: 0, remaining: 500, charged: false };
    const exportApi = () => ({
      ...createSearchApi(),
      getWordNum: vi.fn(async () => quota),
      dataExportOrderInit: vi.fn(async () => ({
        matched: 3,
        rows: 3,
        limited: false,
        message: '共 3 条，今日还可导出 500 条',
        permission: quota,
      })),
    });

    it('shows the button in the results toolbar only when the brand exports', async () => {
      await renderSearch(exportApi());
      const results = screen.getByRole('region', { name: '搜索结果' });
      expect(within(results).getByRole('button', { name: '一键导出项目' })).toBeInTheDocument();
    });

    it('has no button when the brand does not export', async () => {
      await renderSearch(exportApi(), { exportFlag: false });
      expect(screen.queryByRole('button', { name: '一键导出项目' })).not.toBeInTheDocument();
    });

    it('exports the current searchList conditions without the page, an amount from 0 as 0.01 (spec §5)', async () => {
      const api = exportApi();
      const { user: pointer } = await renderSearch(api);
      const conditions = screen.getByRole('region', { name: '筛选条件' });
      await pointer.click(await within(conditions).findByRole('checkbox', { name: '招标公告' }));
      await pointer.click(screen.getByRole('combobox', { name: '金额' }));
      await pointer.click(await screen.findByRole('option', { name: '50万以下' }));
      await pointer.type(screen.getByRole('combobox', { name: '搜索词' }), '医院{Enter}');
      await waitFor(() =>
        expect(lastCall(api.searchList)).toMatchObject({
          keyword: '医院',
          docchnnel: ['zb'],
          minAmount: 0.01,
        }),
      );

      await pointer.click(screen.getByRole('button', { name: '一键导出项目' }));
      await waitFor(() => expect(api.dataExportOrderInit).toHaveBeenCalledTimes(1));
      expect(api.getWordNum).toHaveBeenCalledTimes(1);
      expect(lastCall(api.dataExportOrderInit)).toEqual({
        keyword: '医院',
        searchType: 10,
        searchPattern: 30,
        docchnnel: ['zb'],
        amount: '0.01,50',
      });
      // The flow's summary names the type.
      expect(await screen.findByRole('dialog')).toHaveTextContent('招标公告');
    });

    it('is not offered on 全部搜索 and 审批项目, whose requests are not searchList', async () => {
      const { user: pointer } = await renderSearch(exportApi());
      expect(screen.getByRole('button', { name: '一键导出项目' })).toBeInTheDocument();
      await pointer.click(screen.getByRole('tab', { name: '全部搜索' }));
      expect(screen.queryByRole('button', { name: '一键导出项目' })).not.toBeInTheDocument();
      await pointer.click(screen.getByRole('tab', { name: '审批项目' }));
      expect(screen.queryByRole('button', { name: '一键导出项目' })).not.toBeInTheDocument();
    });
  });

  it('cuts long history entries, clears the history, and says the total above the results', async () => {
    const api = createSearchApi(resultPage([searchRecord({ id: 1, title: '公告1' })], 1));
    const long = '某某市第一人民医院门诊楼改扩建工程医疗设备采购';
    let cleared = false;
    api.searchHistoryList.mockImplementation(async () =>
      cleared
        ? { records: [], total: 0 }
        : {
            records: [{ keyword: long, conditions: {}, times: 1, searchTime: '2026-11-23T08:00:00.000Z' }],
            total: 1,
          },
    );
    api.searchHistoryClear.mockImplementation(async () => {
      cleared = true;
      return null;
    });
    const { user: pointer } = await renderSearch(api);
    const history = await screen.findByRole('group', { name: '搜索历史' });
    const entry = await within(history).findByRole('button', { name: long });
    expect(entry).toHaveTextContent(/^某某市第一人民医院门诊楼…$/);
    await pointer.click(within(history).getByRole('button', { name: '清空搜索历史' }));
    expect(await within(history).findByText('暂无搜索历史')).toBeInTheDocument();
    expect(api.searchHistoryClear).toHaveBeenCalledTimes(1);

    const results = screen.getByRole('region', { name: '搜索结果' });
    const total = await within(results).findByRole('status');
    const list = await within(results).findByRole('article', { name: '公告1' });
    expect(total).toHaveTextContent(/^共找到 .+ 条数据$/);
    expect(total.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The pager below does not say it a second time.
    expect(within(results).getAllByText(/共找到/)).toHaveLength(1);
  });
});
