import { type ApiClient, ApiError, type EndpointFunctions } from '@tender/api-client';
import type { GateRefusal } from '@tender/contracts';
import { testBrand } from '@tender/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LayoutDialogs, LayoutDialogsContext } from '../../layout/use-layout-dialogs';
import { AppServicesContext } from '../../shell/app-context';
import type { AppServices } from '../../shell/app-services';
import { expectMessage, renderWithRouter } from '../../test/render';
import { BiddingSubscriptionScreen } from './subscription-screen';
import type { SubscriptionGroup, SubscriptionGroupInput, SubscriptionLimit } from './types';

const memberRefusal: GateRefusal = {
  type: 'member',
  privilege: 'subscribeZhongbiao',
  feature: null,
  memberCode: 'putong',
  isMember: false,
  isDownLoad: false,
  memberProvince: '',
  province: '',
  phone: '',
  upgradeMemberCode: 'toubiaotong',
  isUsePc: 1,
};

function forbidden(message: string, data: unknown = null) {
  return new ApiError(message, {
    kind: 'business',
    path: '/webchat/api/subscribe/group/save',
    code: 403,
    data,
    handled: false,
  });
}

/** The subscription endpoints as the server answers a putong member: 1 tender group of 3 words, no award groups. */
function subscriptionApi() {
  const groups: SubscriptionGroup[] = [];
  const limits = (): SubscriptionLimit[] => [
    {
      kind: 'tender',
      maxGroups: 1,
      usedGroups: groups.filter((group) => group.kind === 'tender').length,
      maxWords: 3,
    },
    { kind: 'award', maxGroups: 0, usedGroups: 0, maxWords: 0 },
    { kind: 'early', maxGroups: 0, usedGroups: 0, maxWords: 0 },
    { kind: 'project', maxGroups: 0, usedGroups: 0, maxWords: 3 },
  ];
  return {
    subscriptionGroupList: vi.fn(async () => ({ groups: [...groups], limits: limits() })),
    subscriptionGroupSave: vi.fn(async (input: SubscriptionGroupInput) => {
      if (input.kind === 'award') throw forbidden('您的会员权益不足', memberRefusal);
      if (input.id === undefined && groups.length >= 1) throw forbidden('您的会员最多 1 个招标信息订阅分组');
      const group: SubscriptionGroup = {
        id: input.id === undefined ? 41 : Number(input.id),
        kind: input.kind,
        name: input.name ?? '',
        includeWords: input.includeWords as string[],
        excludeWords: (input.excludeWords ?? []) as string[],
        scope: 20,
        areaCodes: [],
        types: [],
        amount: '',
        unread: 2,
        createdAt: '2026-03-30 09:00:00',
        updatedAt: '2026-03-30 09:00:00',
      };
      groups.splice(0, groups.length, group);
      return group;
    }),
    subscriptionGroupDelete: vi.fn(async ({ id }: { id: number }) => {
      const at = groups.findIndex((group) => group.id === id);
      if (at >= 0) groups.splice(at, 1);
      return { removed: at >= 0 };
    }),
    feedList: vi.fn(async () => ({ records: [], total: 0 })),
    feedCount: vi.fn(async () => ({
      bidding: { total: 0, unread: 0 },
      upfront: { total: 0, unread: 0 },
      groups: [],
    })),
    feedRead: vi.fn(async () => ({ updated: 0 })),
    monitorRecommendKeyword: vi.fn(async () => [{ word: '医院', count: 30 }]),
    monitorThinkWordList: vi.fn(async () => []),
    monitorKeywordVerify: vi.fn(async ({ keyword }: { keyword: string }) => ({
      keyword,
      valid: true,
      message: '可以订阅',
      recentCount: 30,
    })),
    getOrInitPreference: vi.fn(async () => ({ displayMode: 10 as const })),
    updatePreference: vi.fn(async () => ({ displayMode: 10 as const })),
  };
}

async function renderBidding() {
  const api = subscriptionApi();
  const dialogs: LayoutDialogs = {
    openRefusal: vi.fn(() => true),
    openMembership: vi.fn(),
    openServicePeriod: vi.fn(),
    openCoupons: vi.fn(),
  };
  const services: AppServices = {
    brand: testBrand,
    // The area tree's call fails: `loadAreaTree` answers no areas (spec §8), the form offers none.
    client: {
      call: vi.fn(async () => Promise.reject(new Error('offline'))),
    } as unknown as ApiClient,
    api: api as unknown as EndpointFunctions,
    bridge: { navigate: vi.fn(), confirmLoggedInElsewhere: vi.fn(), pcLoginRefused: vi.fn() },
    logout: vi.fn(),
  };
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LayoutDialogsContext.Provider value={dialogs}>
        <BiddingSubscriptionScreen />
      </LayoutDialogsContext.Provider>
    </AppServicesContext.Provider>,
    { path: '/subscribe/bidding', paths: ['/subscribe/bidding', '/tender/index'] },
  );
  return { ...rendered, api, dialogs };
}

const region = () => screen.getByRole('region', { name: '招标订阅' });

describe('BiddingSubscriptionScreen', () => {
  it('shows a first-time user how to start, creates a group and shows its feed', async () => {
    const { user, api } = await renderBidding();
    expect(await within(region()).findByRole('heading', { name: '还没有订阅分组' })).toBeInTheDocument();
    expect(within(region()).getByText('招标信息：已用 0/1 组')).toBeInTheDocument();
    expect(within(region()).getByText('中标信息：当前会员不可订阅')).toBeInTheDocument();
    expect(within(region()).queryByText(/拟建项目/)).not.toBeInTheDocument();

    await user.click(within(region()).getAllByRole('button', { name: '新建分组' })[0] as HTMLElement);
    const form = await screen.findByRole('dialog', { name: '新建订阅分组' });
    await user.click(await within(form).findByRole('button', { name: '添加关键词 医院' }));
    await user.click(within(form).getByRole('button', { name: '保 存' }));

    expect(api.subscriptionGroupSave).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'tender', includeWords: ['医院'], name: '医院' }),
      { handleCodes: [403] },
    );
    await expectMessage('分组已保存，正在为您匹配信息', 'success');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '新建订阅分组' })).not.toBeInTheDocument(),
    );
    expect(await within(region()).findByText('招标信息：已用 1/1 组')).toBeInTheDocument();
    const nav = within(region()).getByRole('navigation', { name: '订阅分组' });
    expect(within(nav).getByRole('button', { name: /^医院/ })).toHaveAttribute('data-active', 'true');
    await waitFor(() =>
      expect(api.feedList).toHaveBeenLastCalledWith(
        { feed: 'bidding', groupId: 41, pageNumber: 1, pageSize: 20 },
        expect.anything(),
      ),
    );
  });

  it("opens the gate's dialog for a kind the level lacks, and keeps the form with the reason for a full limit", async () => {
    const { user, dialogs } = await renderBidding();
    await user.click(
      (await within(region()).findAllByRole('button', { name: '新建分组' }))[0] as HTMLElement,
    );
    let form = await screen.findByRole('dialog', { name: '新建订阅分组' });
    await user.click(within(form).getByRole('radio', { name: '中标信息' }));
    await user.type(within(form).getByRole('combobox', { name: '订阅关键词' }), '监理{Enter}');
    await user.click(within(form).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(dialogs.openRefusal).toHaveBeenCalledWith(memberRefusal));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '新建订阅分组' })).not.toBeInTheDocument(),
    );

    // One tender group is the limit: a second is refused with the server's message, the form stays.
    await user.click(within(region()).getAllByRole('button', { name: '新建分组' })[0] as HTMLElement);
    form = await screen.findByRole('dialog', { name: '新建订阅分组' });
    await user.type(within(form).getByRole('combobox', { name: '订阅关键词' }), '监理{Enter}');
    await user.click(within(form).getByRole('button', { name: '保 存' }));
    await within(region()).findByText('招标信息：已用 1/1 组');
    await user.click(within(region()).getByRole('button', { name: '新建分组' }));
    form = await screen.findByRole('dialog', { name: '新建订阅分组' });
    expect(within(form).getByRole('alert')).toHaveTextContent('分组数已达会员权益上限');
    await user.type(within(form).getByRole('combobox', { name: '订阅关键词' }), '物业{Enter}');
    await user.click(within(form).getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(within(form).getByText('您的会员最多 1 个招标信息订阅分组')).toBeInTheDocument(),
    );
    expect(dialogs.openRefusal).toHaveBeenCalledTimes(1);
  });

  it('deletes a group after the confirm dialog', async () => {
    const { user, api } = await renderBidding();
    await user.click(
      (await within(region()).findAllByRole('button', { name: '新建分组' }))[0] as HTMLElement,
    );
    const form = await screen.findByRole('dialog', { name: '新建订阅分组' });
    await user.type(within(form).getByRole('combobox', { name: '订阅关键词' }), '监理{Enter}');
    await user.click(within(form).getByRole('button', { name: '保 存' }));
    await user.click(await within(region()).findByRole('button', { name: '删除 监理' }));
    const confirm = screen.getByRole('dialog', { name: '操作提示' });
    expect(confirm).toHaveTextContent('确定删除分组“监理”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确 定' }));
    expect(api.subscriptionGroupDelete).toHaveBeenCalledWith({ id: 41 });
    expect(await within(region()).findByRole('heading', { name: '还没有订阅分组' })).toBeInTheDocument();
  });
});
