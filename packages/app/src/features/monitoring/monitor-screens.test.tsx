import { type ApiClient, ApiError, type EndpointFunctions } from '@tender/api-client';
import type { GateRefusal } from '@tender/contracts';
import { testBrand } from '@tender/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LayoutDialogs, LayoutDialogsContext } from '../../layout/use-layout-dialogs';
import { AppServicesContext } from '../../shell/app-context';
import type { AppServices } from '../../shell/app-services';
import { renderWithRouter } from '../../test/render';
import { OwnerMonitorScreen, ProjectMonitorScreen } from './monitor-screens';

const memberRefusal: GateRefusal = {
  type: 'member',
  privilege: 'companyMonitor',
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

function company(companyId: number, name: string) {
  return {
    companyId,
    name,
    creditCode: null,
    regionText: '广东省 深圳市',
    counts: {
      purchaser: 12,
      agency: 0,
      winner: 0,
      candidate: 0,
      wonFen: 0,
      wonWanYuanText: '0万元',
      purchaseBudgetFen: 0,
      purchaseBudgetWanYuanText: '0万元',
    },
    lastActiveDate: '2026-03-01',
  };
}

/** The monitoring endpoints as the server answers them, over an in-memory list of monitors. */
function monitoringApi(limit: number) {
  const monitors = [
    {
      id: 1,
      companyId: 11,
      companyName: '深圳市人民医院',
      role: 'owner' as const,
      createdAt: '2026-03-01 10:00:00',
    },
  ];
  const found = [company(11, '深圳市人民医院'), company(12, '深圳市第二人民医院')];
  return {
    companyMonitorList: vi.fn(async () => ({ records: [...monitors], used: monitors.length, limit })),
    companySearch: vi.fn(async () => ({
      records: found,
      total: found.length,
      totalText: String(found.length),
      pageNumber: 1,
      pageSize: 10,
    })),
    companyMonitorSave: vi.fn(async ({ companyId }: { companyId: number }) => {
      if (limit >= 0 && monitors.length >= limit) {
        throw new ApiError('权益不足', {
          kind: 'business',
          path: '/webchat/api/company-monitor/save',
          code: 403,
          data: memberRefusal,
          handled: false,
        });
      }
      const name = found.find((candidate) => candidate.companyId === companyId)?.name ?? '';
      const saved = {
        id: monitors.length + 1,
        companyId,
        companyName: name,
        role: 'owner' as const,
        createdAt: '',
      };
      monitors.unshift(saved);
      return saved;
    }),
    companyMonitorDelete: vi.fn(async ({ id }: { id: number }) => {
      const at = monitors.findIndex((monitor) => monitor.id === id);
      if (at >= 0) monitors.splice(at, 1);
      return { removed: at >= 0 };
    }),
    feedList: vi.fn(async () => ({ records: [], total: 0 })),
    feedRead: vi.fn(async () => ({ updated: 0 })),
    getOrInitPreference: vi.fn(async () => ({ displayMode: 10 as const })),
    updatePreference: vi.fn(async () => ({ displayMode: 10 as const })),
  };
}

function layoutServices(api: object) {
  const dialogs: LayoutDialogs = {
    openRefusal: vi.fn(() => true),
    openMembership: vi.fn(),
    openServicePeriod: vi.fn(),
    openCoupons: vi.fn(),
  };
  const services: AppServices = {
    brand: testBrand,
    client: {} as ApiClient,
    api: api as unknown as EndpointFunctions,
    bridge: { navigate: vi.fn(), confirmLoggedInElsewhere: vi.fn(), pcLoginRefused: vi.fn() },
    logout: vi.fn(),
  };
  return { services, dialogs };
}

async function renderOwners(limit: number) {
  const api = monitoringApi(limit);
  const { services, dialogs } = layoutServices(api);
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LayoutDialogsContext.Provider value={dialogs}>
        <OwnerMonitorScreen />
      </LayoutDialogsContext.Provider>
    </AppServicesContext.Provider>,
    { path: '/monitor/owner', paths: ['/monitor/owner', '/enterpriseDetails'] },
  );
  return { ...rendered, api, dialogs };
}

const monitored = () => screen.getByRole('list', { name: '监控的企业' });

describe('OwnerMonitorScreen', () => {
  it('lists the monitored owners with the total used, each opening its company detail', async () => {
    const { user, router } = await renderOwners(10);
    expect(await screen.findByText('已监控 1/10 家企业（业主、对手、代理合计）')).toBeInTheDocument();
    await user.click(within(monitored()).getByRole('link', { name: '深圳市人民医院' }));
    expect(router.state.location.pathname).toBe('/enterpriseDetails');
    expect(router.state.location.search).toEqual({ companyId: 11 });
  });

  it('adds an owner found by name, and tells a keyword of one character apart', async () => {
    const { user, api } = await renderOwners(10);
    const add = await screen.findByRole('region', { name: '添加业主' });
    await user.type(within(add).getByRole('textbox', { name: '企业名称' }), '医');
    await user.click(within(add).getByRole('button', { name: '搜 索' }));
    expect(within(add).getByText('请至少输入 2 个字')).toBeInTheDocument();
    expect(api.companySearch).not.toHaveBeenCalled();

    await user.type(within(add).getByRole('textbox', { name: '企业名称' }), '院');
    await user.click(within(add).getByRole('button', { name: '搜 索' }));
    const results = await within(add).findByRole('list', { name: '搜索结果' });
    expect(api.companySearch).toHaveBeenCalledWith(
      { keyword: '医院', role: 'purchaser', pageSize: 10 },
      expect.anything(),
    );
    expect(within(results).getByRole('button', { name: '监控 深圳市人民医院' })).toBeDisabled();
    await user.click(within(results).getByRole('button', { name: '监控 深圳市第二人民医院' }));
    expect(api.companyMonitorSave).toHaveBeenCalledWith(
      { role: 'owner', companyId: 12 },
      { handleCodes: [403] },
    );
    expect(
      (await screen.findByText('已开始监控“深圳市第二人民医院”')).closest('[data-tone]'),
    ).toHaveAttribute('data-tone', 'success');
    await waitFor(() =>
      expect(within(monitored()).getByRole('link', { name: '深圳市第二人民医院' })).toBeInTheDocument(),
    );
    expect(screen.getByText('已监控 2/10 家企业（业主、对手、代理合计）')).toBeInTheDocument();
  });

  it('removes an owner after the confirm dialog', async () => {
    const { user, api } = await renderOwners(10);
    await user.click(await screen.findByRole('button', { name: '取消监控 深圳市人民医院' }));
    const confirm = screen.getByRole('dialog', { name: '操作提示' });
    expect(confirm).toHaveTextContent('确定取消监控“深圳市人民医院”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确 定' }));
    expect(api.companyMonitorDelete).toHaveBeenCalledWith({ id: 1 });
    expect(await screen.findByText(/还没有监控业主/)).toBeInTheDocument();
  });

  it("shows a level without monitors the upgrade offer, and the gate's dialog when it tries anyway", async () => {
    const { user, api, dialogs } = await renderOwners(0);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('当前会员不能使用监控');
    await user.click(within(notice).getByRole('button', { name: '升级会员' }));
    expect(dialogs.openMembership).toHaveBeenCalledOnce();

    const add = screen.getByRole('region', { name: '添加业主' });
    await user.type(within(add).getByRole('textbox', { name: '企业名称' }), '医院');
    await user.click(within(add).getByRole('button', { name: '搜 索' }));
    await user.click(await within(add).findByRole('button', { name: '监控 深圳市第二人民医院' }));
    await waitFor(() => expect(dialogs.openRefusal).toHaveBeenCalledWith(memberRefusal));
    expect(api.companyMonitorList).toHaveBeenCalledTimes(1);
  });
});

/** The project-monitor endpoints over an in-memory list, and the search the add box uses. */
function projectApi() {
  const monitors = [
    {
      id: 1,
      itemId: 301,
      title: '市人民医院门诊楼改造工程招标公告',
      type: 'zb',
      publishDate: '2026-03-02',
      createdAt: '2026-03-03 09:00:00',
    },
  ];
  const item = (id: number, title: string) => ({
    id,
    title,
    typeLabel: '公开招标',
    regionText: '广东省',
    publishDate: '2026-03-05',
  });
  const found = [
    item(301, '市人民医院门诊楼改造工程招标公告'),
    item(302, '市人民医院住院楼新建工程招标公告'),
  ];
  return {
    projectMonitorList: vi.fn(async () => ({ records: [...monitors], used: monitors.length, limit: 20 })),
    searchList: vi.fn(async () => ({ records: found, total: found.length })),
    saveOrUpdateProjectMonitor: vi.fn(async ({ id, isMonitor }: { id: number; isMonitor: '0' | '1' }) => {
      const at = monitors.findIndex((monitor) => monitor.itemId === id);
      if (isMonitor === '0' && at >= 0) monitors.splice(at, 1);
      const title = found.find((candidate) => candidate.id === id)?.title ?? '';
      if (isMonitor === '1' && at < 0) {
        monitors.unshift({ id: 2, itemId: id, title, type: 'zb', publishDate: '2026-03-05', createdAt: '' });
      }
      return { id, isMonitor: isMonitor === '1', used: monitors.length, limit: 20 };
    }),
    feedList: vi.fn(async () => ({ records: [], total: 0 })),
    feedRead: vi.fn(async () => ({ updated: 0 })),
    getOrInitPreference: vi.fn(async () => ({ displayMode: 10 as const })),
    updatePreference: vi.fn(async () => ({ displayMode: 10 as const })),
  };
}

describe('ProjectMonitorScreen', () => {
  async function renderProjects() {
    const api = projectApi();
    const { services, dialogs } = layoutServices(api);
    const rendered = await renderWithRouter(
      <AppServicesContext.Provider value={services}>
        <LayoutDialogsContext.Provider value={dialogs}>
          <ProjectMonitorScreen />
        </LayoutDialogsContext.Provider>
      </AppServicesContext.Provider>,
      { path: '/monitor/project', paths: ['/monitor/project', '/tender/index'] },
    );
    return { ...rendered, api };
  }

  it('monitors a project found by title, opens a monitored one at its detail and stops monitoring after confirm', async () => {
    const { user, api, router } = await renderProjects();
    expect(await screen.findByText('已监控 1/20 个项目')).toBeInTheDocument();
    const add = screen.getByRole('region', { name: '添加项目' });
    await user.type(within(add).getByRole('textbox', { name: '项目名称' }), '人民医院');
    await user.click(within(add).getByRole('button', { name: '搜 索' }));
    const results = await within(add).findByRole('list', { name: '搜索结果' });
    expect(api.searchList).toHaveBeenCalledWith(
      { keyword: '人民医院', searchType: 20, pageSize: 10 },
      expect.anything(),
    );
    await user.click(within(results).getByRole('button', { name: '监控 市人民医院住院楼新建工程招标公告' }));
    expect(api.saveOrUpdateProjectMonitor).toHaveBeenCalledWith(
      { id: 302, isMonitor: '1' },
      { handleCodes: [403] },
    );
    expect(await screen.findByText('已监控 2/20 个项目')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: '监控的项目' });
    await user.click(within(list).getByRole('button', { name: '取消监控 市人民医院门诊楼改造工程招标公告' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '操作提示' })).getByRole('button', { name: '确 定' }),
    );
    expect(api.saveOrUpdateProjectMonitor).toHaveBeenLastCalledWith(
      { id: 301, isMonitor: '0' },
      { handleCodes: [403] },
    );
    expect(await screen.findByText('已监控 1/20 个项目')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('list', { name: '监控的项目' })).getByRole('link', {
        name: '市人民医院住院楼新建工程招标公告',
      }),
    );
    expect(router.state.location.pathname).toBe('/tender/index');
    expect(router.state.location.search).toEqual({ id: 302, type: 'zb' });
  });
});
