import { ApiError } from '@tender/api-client';
import type { CompanySummary } from '@tender/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CompanySearchScreen } from './company-search-screen';
import { renderScreen } from './screen-test-services';

function company(companyId: number, name: string, counts: Partial<CompanySummary['counts']>): CompanySummary {
  return {
    companyId,
    name,
    creditCode: null,
    regionText: '广东省 深圳市',
    counts: {
      purchaser: 0,
      agency: 0,
      winner: 0,
      candidate: 0,
      wonFen: 0,
      wonWanYuanText: '0万元',
      purchaseBudgetFen: 0,
      purchaseBudgetWanYuanText: '0万元',
      ...counts,
    },
    lastActiveDate: '2026-11-02',
  };
}

const page = (records: CompanySummary[], total = records.length) => ({
  records,
  total,
  totalText: String(total),
  pageNumber: 1,
  pageSize: 20,
});

async function search(companySearch: ReturnType<typeof vi.fn>, keyword = '建设') {
  const searchWordList = vi.fn(async () => ({ words: [] }));
  const rendered = await renderScreen(<CompanySearchScreen />, {
    api: { companySearch, searchWordList } as never,
    paths: ['/enterpriseDetails'],
  });
  await rendered.user.type(screen.getByLabelText('企业名称', { selector: 'input' }), keyword);
  await rendered.user.click(screen.getByRole('button', { name: '搜 索' }));
  return rendered;
}

describe('CompanySearchScreen (查企业)', () => {
  it('lists the companies with their roles, region and counts, each opening its detail', async () => {
    const companySearch = vi.fn(async () =>
      page([
        company(7, '深圳建设有限公司', { winner: 3, agency: 1 }),
        company(9, '深圳市建设局', { purchaser: 12 }),
      ]),
    );
    const { router, user } = await search(companySearch);
    const results = screen.getByRole('region', { name: '查询结果' });
    const first = await within(results).findByRole('link', { name: '深圳建设有限公司' });
    const firstRow = first.closest('li') as HTMLElement;
    expect(within(firstRow).getByText('代理机构')).toBeInTheDocument();
    expect(within(firstRow).getByText('供应商')).toBeInTheDocument();
    expect(within(firstRow).queryByText('采购人')).not.toBeInTheDocument();
    expect(within(firstRow).getByText('采购 0 次 · 代理 1 次 · 中标 3 次')).toBeInTheDocument();
    expect(within(firstRow).getByText('地区：广东省 深圳市')).toBeInTheDocument();
    expect(companySearch).toHaveBeenCalledWith(
      { keyword: '建设', pageNumber: 1 },
      expect.objectContaining({ handleCodes: [403] }),
    );

    await user.click(first);
    expect(router.state.location.pathname).toBe('/enterpriseDetails');
    expect(router.state.location.search).toEqual({ companyId: 7 });
  });

  it('searches one role when a role is chosen', async () => {
    const companySearch = vi.fn(async () => page([company(7, '深圳建设有限公司', { winner: 3 })]));
    const { user } = await search(companySearch);
    await screen.findByRole('link', { name: '深圳建设有限公司' });
    await user.click(screen.getByRole('radio', { name: '供应商' }));
    expect(companySearch).toHaveBeenLastCalledWith(
      { keyword: '建设', role: 'winner', pageNumber: 1 },
      expect.anything(),
    );
  });

  it('asks for two characters before searching', async () => {
    const companySearch = vi.fn();
    await search(companySearch, '建');
    expect(screen.getByText('请至少输入 2 个字')).toBeInTheDocument();
    expect(companySearch).not.toHaveBeenCalled();
  });

  it('says so when nothing matches', async () => {
    await search(vi.fn(async () => page([])));
    expect(await screen.findByText(/没有找到名称包含该关键词的企业/)).toBeInTheDocument();
  });

  it('shows a failure with 重试, which searches again', async () => {
    const companySearch = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError('网络异常', { kind: 'network', path: '/webchat/api/company/search', handled: true }),
      )
      .mockResolvedValueOnce(page([company(7, '深圳建设有限公司', { winner: 1 })]));
    const { user } = await search(companySearch);
    expect(await screen.findByRole('alert')).toHaveTextContent('加载失败：网络异常');
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '深圳建设有限公司' })).toBeInTheDocument();
  });
});
