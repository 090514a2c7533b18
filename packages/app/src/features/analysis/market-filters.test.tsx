import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../companies/screen-test-services';
import { DEFAULT_MARKET_FILTER } from './market-filter';
import { MarketFilters } from './market-filters';

const api = {
  industryList: vi.fn(async () => [
    { code: 'E', name: '建筑业', children: [{ code: '48', name: '土木工程建筑业' }] },
  ]),
  getSearchCondition: vi.fn(async () => ({
    docchnnel: [{ code: 'zb', name: '招标公告', children: [{ code: 'gk', name: '公开招标' }] }],
    searchTypes: [],
    searchPatterns: [],
    amountRanges: [],
    dateRanges: [],
  })),
};

async function renderFilters() {
  const onApply = vi.fn();
  const rendered = await renderScreen(<MarketFilters value={DEFAULT_MARKET_FILTER} onApply={onApply} />, {
    api: api as never,
  });
  return { ...rendered, onApply };
}

describe('MarketFilters', () => {
  it('applies the chosen region, industry, type, period and keyword with 统 计', async () => {
    const { user, onApply } = await renderFilters();
    await user.type(screen.getByRole('textbox', { name: '关键词' }), '医院');
    await user.click(screen.getByRole('combobox', { name: '地区' }));
    await user.click(await screen.findByRole('option', { name: '广东' }));
    await user.click(screen.getByRole('combobox', { name: '行业' }));
    await user.click(await screen.findByRole('option', { name: '土木工程建筑业' }));
    await user.click(screen.getByRole('combobox', { name: '信息类型' }));
    await user.click(await screen.findByRole('option', { name: '公开招标' }));
    await user.click(screen.getByRole('combobox', { name: '统计周期' }));
    await user.click(await screen.findByRole('option', { name: '近 36 个月' }));
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '统 计' }));
    expect(onApply).toHaveBeenCalledWith({
      keyword: '医院',
      province: '440000',
      industry: '48',
      type: 'gk',
      months: 36,
    });
  });

  it('goes back to 全国, every industry and type, 12 months with 重 置', async () => {
    const { user, onApply } = await renderFilters();
    await user.click(screen.getByRole('button', { name: '重 置' }));
    expect(onApply).toHaveBeenCalledWith(DEFAULT_MARKET_FILTER);
  });
});
