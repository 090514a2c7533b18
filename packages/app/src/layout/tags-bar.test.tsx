import { TAG_CONTEXT_MENU_WIDTH_PX } from '@tender/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsViewStore } from '../stores/tags-view-store';
import { renderWithRouter } from '../test/render';
import { TagsBar } from './tags-bar';

const paths = ['/', '/subscribe/bidding', '/dashboard', '/BrowsingHistory', '/tender/index'];
const home = { path: '/subscribe/bidding', title: '招标订阅', name: 'Bidding', affix: true };
const dashboard = { path: '/dashboard', title: '数据看板', name: 'Dashboard' };
const history = { path: '/BrowsingHistory', title: '浏览记录', name: 'BrowsingHistory' };

/** Two details of the same screen: their query names the item, so each is a tab of its own. */
const detail7 = {
  path: '/tender/index?id=7&type=zb',
  fullPath: '/tender/index?id=7&type=zb',
  title: '公告详情',
};
const detail9 = {
  path: '/tender/index?id=9&type=zb',
  fullPath: '/tender/index?id=9&type=zb',
  title: '公告详情',
};

async function renderTags(fullPath: string) {
  const [pathname = fullPath] = fullPath.split('?');
  const tabKey = fullPath.includes('?') ? fullPath : pathname;
  const rendered = await renderWithRouter(<TagsBar shown={{ pathname, fullPath, tabKey }} />, {
    path: fullPath,
    paths,
  });
  const tabs = () =>
    within(screen.getByRole('navigation', { name: '已打开的页面' })).getAllByRole('listitem');
  const tab = (title: string) => tabs().find((element) => element.textContent === title) as HTMLElement;
  return { ...rendered, tabs, tab };
}

beforeEach(() => {
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
});

describe('TagsBar (spec §2 tags bar, §4 Tag views)', () => {
  it('shows no close icon with a single tab', async () => {
    useTagsViewStore.getState().addView(dashboard);
    await renderTags('/dashboard');
    expect(screen.queryByRole('button', { name: /^关闭/ })).not.toBeInTheDocument();
  });

  it('shows a close icon on every unpinned tab once more than one is open', async () => {
    for (const view of [home, dashboard, history]) useTagsViewStore.getState().addView(view);
    const { tab } = await renderTags('/dashboard');
    expect(within(tab('数据看板')).getByRole('button', { name: '关闭 数据看板' })).toBeInTheDocument();
    expect(within(tab('浏览记录')).getByRole('button', { name: '关闭 浏览记录' })).toBeInTheDocument();
    expect(within(tab('招标订阅')).queryByRole('button', { name: /^关闭/ })).not.toBeInTheDocument();
  });

  it('offers 刷新, 关闭当前 and 关闭其他 in a menu 105 px wide, without 关闭当前 on a pinned tab', async () => {
    for (const view of [home, dashboard]) useTagsViewStore.getState().addView(view);
    const { user, tab } = await renderTags('/dashboard');
    await user.pointer({ keys: '[MouseRight]', target: tab('数据看板') });
    const menu = screen.getByRole('menu');
    expect(menu).toHaveStyle({ width: `${TAG_CONTEXT_MENU_WIDTH_PX}px` });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '关闭当前', '关闭其他']);
    await user.pointer({ keys: '[MouseRight]', target: tab('招标订阅') });
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '关闭其他']);
  });

  it('关闭当前 on the page being shown goes to the last remaining tab', async () => {
    for (const view of [home, history, dashboard]) useTagsViewStore.getState().addView(view);
    const { user, tab, router } = await renderTags('/dashboard');
    await user.pointer({ keys: '[MouseRight]', target: tab('数据看板') });
    await user.click(screen.getByRole('menuitem', { name: '关闭当前' }));
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.title)).toEqual([
      '招标订阅',
      '浏览记录',
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/BrowsingHistory'));
  });

  it('关闭其他 keeps the pinned tab and the chosen one, and opens the chosen one', async () => {
    for (const view of [home, dashboard, history]) useTagsViewStore.getState().addView(view);
    const { user, tab, router } = await renderTags('/dashboard');
    await user.pointer({ keys: '[MouseRight]', target: tab('浏览记录') });
    await user.click(screen.getByRole('menuitem', { name: '关闭其他' }));
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.title)).toEqual([
      '招标订阅',
      '浏览记录',
    ]);
    expect(useTagsViewStore.getState().cachedViews).toEqual(['Bidding', 'BrowsingHistory']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/BrowsingHistory'));
  });

  it('刷新 passes through /redirect{path} so the page is shown fresh', async () => {
    for (const view of [home, dashboard]) useTagsViewStore.getState().addView(view);
    const { user, tab, router } = await renderTags('/dashboard');
    await user.pointer({ keys: '[MouseRight]', target: tab('数据看板') });
    await user.click(screen.getByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirect/dashboard'));
  });

  it('closing a tab that is not shown keeps the page where it is', async () => {
    for (const view of [home, dashboard, history]) useTagsViewStore.getState().addView(view);
    const { user, router } = await renderTags('/dashboard');
    await user.click(screen.getByRole('button', { name: '关闭 浏览记录' }));
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.title)).toEqual([
      '招标订阅',
      '数据看板',
    ]);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps two details as two tabs and reopens each with its query (its item, not a missing id)', async () => {
    for (const view of [home, detail7, detail9]) useTagsViewStore.getState().addView(view);
    const { user, tabs, router } = await renderTags('/tender/index?id=9&type=zb');
    expect(tabs().map((element) => element.getAttribute('data-path'))).toEqual([
      '/subscribe/bidding',
      '/tender/index?id=7&type=zb',
      '/tender/index?id=9&type=zb',
    ]);
    expect(within(tabs()[2] as HTMLElement).getByRole('button', { name: '公告详情' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(tabs()[1] as HTMLElement).getByText('公告详情'));
    await waitFor(() => expect(router.state.location.href).toBe('/tender/index?id=7&type=zb'));
  });

  it('刷新 on a detail goes through /redirect{fullPath}, the query included', async () => {
    for (const view of [home, detail7]) useTagsViewStore.getState().addView(view);
    const { user, tabs, router } = await renderTags('/tender/index?id=7&type=zb');
    await user.pointer({ keys: '[MouseRight]', target: tabs()[1] as HTMLElement });
    await user.click(screen.getByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(router.state.location.href).toBe('/redirect/tender/index?id=7&type=zb'));
  });
});
