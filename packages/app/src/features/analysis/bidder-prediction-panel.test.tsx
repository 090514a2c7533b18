import { ApiError } from '@tender/api-client';
import type { GateRefusal } from '@tender/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../companies/screen-test-services';
import { BidderPredictionPanel, isPredictable } from './bidder-prediction-panel';

const evidence = {
  id: 301,
  title: '深圳市某医院设备采购结果公告',
  publishDate: '2026-05-01',
  purchaserName: '深圳市某医院',
  provinceCode: '440000',
  amountFen: 3_000_000,
  amountWanYuanText: '3万元',
  matched: ['keyword' as const, 'purchaser' as const],
};

const forecast = {
  keywords: ['医疗设备', '采购'],
  similarItems: 12,
  records: [
    {
      rank: 1,
      companyId: 21,
      name: '华南医疗设备有限公司',
      score: 7,
      wins: 3,
      sameRegionWins: 2,
      samePurchaserWins: 1,
      samePurchaserTypeWins: 2,
      lastWinDate: '2026-05-01',
      evidence: [evidence],
    },
  ],
  total: 1,
  totalText: '1',
  pageNumber: 1,
  pageSize: 20,
  permission: { privilege: 'toubiaoPredict', limit: 5, used: 2, remaining: 3, charged: true },
};

const panel = (api: Record<string, unknown>) =>
  renderScreen(<BidderPredictionPanel itemId={99} />, { api: api as never, paths: ['/enterpriseDetails'] });

describe('BidderPredictionPanel (潜在投标人预测)', () => {
  it('ranks the likely bidders with the words and the quota used, and shows a bidder’s evidence on request', async () => {
    const toubiaoList = vi.fn(async () => ({
      companyId: 21,
      name: '华南医疗设备有限公司',
      records: [evidence],
      permission: forecast.permission,
    }));
    const { user } = await panel({ toubiaoForecastList: vi.fn(async () => forecast), toubiaoList });
    const region = screen.getByRole('region', { name: '潜在投标人预测' });
    const row = (await within(region).findByRole('link', { name: '华南医疗设备有限公司' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(region).getByText('相似项目关键词：医疗设备、采购')).toBeInTheDocument();
    expect(within(region).getByText('今日已用 2 / 5 次')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '查看依据' }));
    expect(toubiaoList).toHaveBeenCalledWith({ id: 99, companyId: 21 }, expect.anything());
    const win = (await within(region).findByRole('link', { name: evidence.title })).closest(
      'li',
    ) as HTMLElement;
    expect(within(win).getByText('同采购人')).toBeInTheDocument();
    expect(within(win).getByText(/3万元/)).toBeInTheDocument();
  });

  it('opens the permission dialog when toubiaoPredict is refused and says so', async () => {
    const refusal = {
      type: 'usedUp',
      privilege: 'toubiaoPredict',
      feature: null,
      memberCode: 'putong',
      isMember: false,
      isDownLoad: false,
      memberProvince: '',
      province: '',
      phone: '',
      upgradeMemberCode: 'toubiaotong',
      isUsePc: 1,
    } satisfies GateRefusal;
    const { dialogs } = await panel({
      toubiaoForecastList: vi.fn(async () => {
        throw new ApiError('今日潜在投标人预测次数已用完', {
          kind: 'business',
          path: '/webchat/api/zhaozhongbiaoDetails/toubiao-forecast/list',
          code: 403,
          data: refusal,
          handled: false,
        });
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('今日潜在投标人预测次数已用完');
    expect(dialogs.openRefusal).toHaveBeenCalledWith(refusal);
  });

  it('says so when no similar past project was found', async () => {
    await panel({
      toubiaoForecastList: vi.fn(async () => ({ ...forecast, records: [], total: 0, similarItems: 0 })),
    });
    expect(await screen.findByText(/没有找到相似的历史项目/)).toBeInTheDocument();
  });

  it('is offered for tenders still to be awarded only', () => {
    expect(['zb', 'bg', 'yg', 'yx'].every(isPredictable)).toBe(true);
    expect(['jg', 'nj', 'sp'].some(isPredictable)).toBe(false);
  });
});
