import { ApiError } from '@tender/api-client';
import type { CompanyProfile, GateRefusal } from '@tender/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CompanyDetailScreen } from './company-detail-screen';
import { renderScreen } from './screen-test-services';

const permission = (privilege: string, used: number, limit: number) =>
  ({ privilege, limit, used, remaining: limit - used, charged: true }) as CompanyProfile['permission'];

const profile: CompanyProfile = {
  companyId: 7,
  name: '深圳建设有限公司',
  creditCode: '91440300MA5XXXXXXX',
  regionText: '广东省 深圳市',
  counts: {
    purchaser: 0,
    agency: 1,
    winner: 3,
    candidate: 2,
    wonFen: 123_000_000,
    wonWanYuanText: '123万元',
    purchaseBudgetFen: 0,
    purchaseBudgetWanYuanText: '0万元',
  },
  lastActiveDate: '2026-11-02',
  history: [],
  regions: [{ code: '440000', name: '广东省', items: 4 }],
  industries: [{ code: '48', name: '土木工程建筑业', items: 4 }],
  rivals: [{ companyId: 8, name: '广州建工有限公司', items: 2, amountFen: 0, amountWanYuanText: '0万元' }],
  permission: permission('watchCompanyDetail', 1, 50),
};

const history = {
  months: [],
  records: [
    {
      id: 501,
      type: 'zb',
      typeName: '招标公告',
      title: '深圳市道路改造工程招标公告',
      publishDate: '2026-11-01',
      role: 'candidate' as const,
      roleName: '候选人',
      regionText: '广东省 深圳市',
      amountFen: 5_000_000,
      amountWanYuanText: '5万元',
    },
  ],
  total: 1,
  pageNumber: 1,
  pageSize: 20,
};

const usedUp: GateRefusal = {
  type: 'member',
  privilege: 'watchCompanyPhoneBook',
  feature: null,
  memberCode: 'toubiaotong',
  isMember: true,
  isDownLoad: false,
  memberProvince: '',
  province: '',
  phone: '',
  upgradeMemberCode: 'qiyetong',
  isUsePc: 1,
};

const refusal = (data: GateRefusal, message: string) =>
  new ApiError(message, {
    kind: 'business',
    path: '/webchat/api/company/phoneBook',
    code: 403,
    data,
    handled: false,
  });

function api(overrides: Record<string, unknown> = {}) {
  return {
    companyDetail: vi.fn(async () => profile),
    companyHistory: vi.fn(async () => history),
    companyPhoneBook: vi.fn(async () => {
      throw refusal(usedUp, '您的会员等级暂无企业通讯录权限');
    }),
    companyPartners: vi.fn(async () => ({
      suppliers: [],
      owners: [{ companyId: 9, name: '深圳市交通局', items: 3, amountFen: 0, amountWanYuanText: '0万元' }],
      agencies: [],
      permission: permission('bussinessAnalyzer', 1, 10),
    })),
    companyMonitorSave: vi.fn(async () => ({})),
    ...overrides,
  };
}

async function open(fake = api()) {
  const rendered = await renderScreen(<CompanyDetailScreen />, {
    api: fake as never,
    path: '/enterpriseDetails?companyId=7',
    paths: ['/enterHistory', '/altas', '/tender/index'],
  });
  await screen.findByRole('heading', { level: 2, name: '深圳建设有限公司' });
  return { ...rendered, fake };
}

describe('CompanyDetailScreen (/enterpriseDetails)', () => {
  it('shows the profile, figures, the quota left and the items, each opening its detail', async () => {
    const { fake, router, user } = await open();
    expect(fake.companyDetail).toHaveBeenCalledWith({ companyId: 7 }, expect.anything());
    expect(screen.getByText('今日已用 1 / 50 次')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: '业务数据' });
    expect(within(figures).getByText('123万元')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: '广州建工有限公司' })).toBeInTheDocument();

    const items = screen.getByRole('region', { name: '相关信息' });
    await user.click(await within(items).findByRole('link', { name: '深圳市道路改造工程招标公告' }));
    expect(router.state.location.pathname).toBe('/tender/index');
    expect(router.state.location.search).toEqual({ id: 501, type: 'zb' });
  });

  it('spends the phone book only on request and opens the permission dialog when it is refused', async () => {
    const { fake, user, dialogs } = await open();
    expect(fake.companyPhoneBook).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '查看通讯录' }));
    const section = screen.getByRole('region', { name: '企业通讯录' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('您的会员等级暂无企业通讯录权限');
    expect(dialogs.openRefusal).toHaveBeenCalledWith(usedUp);
  });

  it('lists the partners on request with their quota', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: '查看合作伙伴' }));
    const section = screen.getByRole('region', { name: '合作伙伴' });
    expect(await within(section).findByRole('link', { name: '深圳市交通局' })).toBeInTheDocument();
    expect(within(section).getByText('今日已用 1 / 10 次')).toBeInTheDocument();
  });

  it('monitors the company in the chosen role', async () => {
    const { fake, user } = await open();
    await user.click(screen.getByRole('button', { name: '监控该企业' }));
    await user.click(await screen.findByRole('menuitem', { name: '作为对手监控' }));
    expect(fake.companyMonitorSave).toHaveBeenCalledWith(
      { role: 'rival', companyId: 7 },
      { handleCodes: [403] },
    );
    // A success: the shared message (ui-kit showMessage) in green.
    const shown = await screen.findByText('已将“深圳建设有限公司”加入监控');
    expect(shown.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
  });

  it('says the brand does not offer the feature when the gate names no dialog', async () => {
    const hidden: GateRefusal = { ...usedUp, type: null, privilege: null, feature: 'analysis' };
    await renderScreen(<CompanyDetailScreen />, {
      api: api({
        companyDetail: vi.fn(async () => Promise.reject(refusal(hidden, '当前平台未开放该功能'))),
      }) as never,
      path: '/enterpriseDetails?companyId=7',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^当前平台未开放该功能。$/);
  });

  it('leads to the company search when no company is named', async () => {
    await renderScreen(<CompanyDetailScreen />, { api: api() as never, path: '/enterpriseDetails' });
    expect(screen.getByRole('alert')).toHaveTextContent('未指定企业');
    expect(screen.getByRole('link', { name: '去查企业' })).toBeInTheDocument();
  });
});

describe('CompanyDetailScreen opened by name (?name= from an item)', () => {
  const summary = (companyId: number, name: string) => ({ ...profile, companyId, name });

  it('opens the company whose name matches exactly', async () => {
    const companySearch = vi.fn(async () => ({
      records: [summary(6, '深圳建设有限公司分公司'), summary(7, '深圳建设有限公司')],
      total: 2,
      totalText: '2',
      pageNumber: 1,
      pageSize: 20,
    }));
    const fake = api({ companySearch });
    await renderScreen(<CompanyDetailScreen />, {
      api: fake as never,
      path: `/enterpriseDetails?name=${encodeURIComponent('深圳建设有限公司')}`,
    });
    await screen.findByRole('heading', { level: 2, name: '深圳建设有限公司' });
    expect(companySearch).toHaveBeenCalledWith({ keyword: '深圳建设有限公司' }, expect.anything());
    expect(fake.companyDetail).toHaveBeenCalledWith({ companyId: 7 }, expect.anything());
  });

  it('says so when no company has that name', async () => {
    const companySearch = vi.fn(async () => ({
      records: [],
      total: 0,
      totalText: '0',
      pageNumber: 1,
      pageSize: 20,
    }));
    await renderScreen(<CompanyDetailScreen />, {
      api: api({ companySearch }) as never,
      path: `/enterpriseDetails?name=${encodeURIComponent('不存在的公司')}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('没有找到名为“不存在的公司”的企业');
  });
});

describe('CompanyDetailScreen for a brand without analysis', () => {
  it('offers neither the atlas nor the partners', async () => {
    await renderScreen(<CompanyDetailScreen />, {
      api: api() as never,
      path: '/enterpriseDetails?companyId=7',
      brandFlags: { analysis: false },
    });
    await screen.findByRole('heading', { level: 2, name: '深圳建设有限公司' });
    expect(screen.getByRole('link', { name: '历史分析' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '企业图谱' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '合作伙伴' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '企业通讯录' })).toBeInTheDocument();
  });
});
