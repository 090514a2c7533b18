import type { ApiClient, EndpointFunctions } from '@tender/api-client';
import { testBrand } from '@tender/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LayoutDialogs, LayoutDialogsContext } from '../../layout/use-layout-dialogs';
import { AppServicesContext } from '../../shell/app-context';
import type { AppServices } from '../../shell/app-services';
import { expectMessage, renderWithRouter } from '../../test/render';
import {
  awardNotice,
  businessError,
  createDetailApi,
  proposedProject,
  refusal,
  tenderNotice,
} from './detail-fixtures';
import type { DetailScreenKind } from './detail-routes';
import { ItemDetailScreen } from './item-detail-screen';

const DETAIL_PATHS = [
  '/tender/index',
  '/building/index',
  '/approve/index',
  '/forecastDetail',
  '/intentionDetail',
];

async function renderDetail(
  kind: DetailScreenKind,
  path: string,
  api: ReturnType<typeof createDetailApi> = createDetailApi([awardNotice, proposedProject]),
  /** What the layout's openRefusal answers: false when the refusal names no dialog. */
  refusalOpens = true,
) {
  const dialogs: LayoutDialogs = {
    openRefusal: vi.fn(() => refusalOpens),
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
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LayoutDialogsContext.Provider value={dialogs}>
        <ItemDetailScreen kind={kind} />
      </LayoutDialogsContext.Provider>
    </AppServicesContext.Provider>,
    { path, paths: DETAIL_PATHS },
  );
  return { ...rendered, api, dialogs };
}

/** The value a field of a screen area shows (its `<dt>` label, the `<dd>` beside it). */
function fieldValue(region: HTMLElement, label: string): string | null | undefined {
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('ItemDetailScreen', () => {
  it('shows an award notice: the extracted fields in 万元, the winners per lot and the full text', async () => {
    const { api } = await renderDetail('tender', '/tender/index?id=101&type=jg');
    await screen.findByRole('heading', { name: awardNotice.title });
    // An award notice opened as one goes through selZhongbiaoDetails (spec §7).
    expect(api.selZhongbiaoDetails).toHaveBeenCalledWith({ id: 101 }, { handleCodes: [403, 404] });
    expect(api.selZhaobiaoDetails).not.toHaveBeenCalled();

    const fields = screen.getByRole('region', { name: '基本信息' });
    expect(fieldValue(fields, '项目名称')).toBe('深圳市南山区智慧校园设备采购项目');
    expect(fieldValue(fields, '项目编号')).toBe('SZNS-2026-0088');
    expect(fieldValue(fields, '预算金额')).toBe('40万元');
    expect(fieldValue(fields, '中标（成交）金额')).toBe('31.47万元');
    expect(fieldValue(fields, '采购人')).toBe('深圳市南山区教育局');
    expect(fieldValue(fields, '代理机构')).toBe('广东诚信招标代理有限公司');
    expect(fieldValue(fields, '所属地区')).toBe('广东省 深圳市 南山区');
    expect(fieldValue(fields, '采购方式')).toBe('公开招标');
    expect(fieldValue(fields, '开标时间')).toBe('2026-10-20 09:30:00');
    // Not stated by the notice: not shown at all.
    expect(within(fields).queryByText('投标截止时间')).not.toBeInTheDocument();

    const results = screen.getByRole('region', { name: '中标信息' });
    const lot2 = within(results).getByRole('rowheader', { name: '广州云课信息技术有限公司' }).closest('tr');
    expect(lot2).toHaveTextContent('包2');
    expect(lot2).toHaveTextContent('11.47万元');

    const body = screen.getByRole('region', { name: '公告正文' });
    expect(within(body).getByText('二、中标信息：包1 深圳智学科技有限公司')).toBeInTheDocument();

    // The related notices link to their own detail screen with ?id=&type=.
    const timeline = screen.getByRole('region', { name: '项目进程' });
    expect(
      within(timeline).getByRole('link', { name: '深圳市南山区智慧校园设备采购项目招标公告' }),
    ).toHaveAttribute('href', '/tender/index?id=100&type=zb');
  });

  it('shows contacts masked as the server answers them, and offers membership for an announcement', async () => {
    const { user, dialogs } = await renderDetail('tender', '/tender/index?id=101&type=jg');
    const contacts = await screen.findByRole('region', { name: '联系方式' });
    const purchaser = within(contacts).getByRole('rowheader', { name: '深圳市南山区教育局' }).closest('tr');
    expect(purchaser).toHaveTextContent('王**');
    expect(purchaser).toHaveTextContent('138****1234');
    expect(within(contacts).getByText('联系方式已隐藏，开通会员后可查看完整联系方式')).toBeInTheDocument();
    await user.click(within(contacts).getByRole('button', { name: '开通会员' }));
    expect(dialogs.openMembership).toHaveBeenCalledTimes(1);
  });

  it('shows visible contacts without the masked notice', async () => {
    const visible = {
      ...awardNotice,
      contactVisible: true,
      purchasers: awardNotice.purchasers.map((p) => ({
        ...p,
        contactName: '王明',
        contactPhone: '13812341234',
      })),
    };
    await renderDetail('tender', '/tender/index?id=101&type=jg', createDetailApi([visible]));
    const contacts = await screen.findByRole('region', { name: '联系方式' });
    expect(
      within(contacts).getByRole('rowheader', { name: '深圳市南山区教育局' }).closest('tr'),
    ).toHaveTextContent('13812341234');
    expect(within(contacts).queryByText(/联系方式已隐藏/)).not.toBeInTheDocument();
  });

  it('unlocks a proposed project’s contacts with showContact, and shows its project facts', async () => {
    const { user, api } = await renderDetail('building', '/building/index?id=301&type=nj');
    const facts = await screen.findByRole('region', { name: '项目信息' });
    expect(fieldValue(facts, '审批代码')).toBe('2026-440305-47-01-000123');
    expect(fieldValue(facts, '总投资')).toBe('1250万元');
    expect(fieldValue(screen.getByRole('region', { name: '基本信息' }), '建设单位')).toBe(
      '深圳市南山区建筑工务署',
    );

    const contacts = screen.getByRole('region', { name: '联系方式' });
    expect(contacts).toHaveTextContent('137****0000');
    await user.click(within(contacts).getByRole('button', { name: '查看联系方式' }));
    await waitFor(() => expect(contacts).toHaveTextContent('13700000000'));
    expect(api.selDesignedInfo).toHaveBeenLastCalledWith(
      { id: 301, showContact: true },
      { handleCodes: [403, 404] },
    );
    expect(within(contacts).queryByRole('button', { name: '查看联系方式' })).not.toBeInTheDocument();
  });

  it('follows and unfollows the item', async () => {
    const { user, api } = await renderDetail('tender', '/tender/index?id=101&type=jg');
    await user.click(await screen.findByRole('button', { name: '关注' }));
    const unfollow = await screen.findByRole('button', { name: '取消关注' });
    expect(unfollow).toHaveAttribute('aria-pressed', 'true');
    expect(api.addCollection).toHaveBeenCalledWith({ id: 101, type: 'jg' });
    await expectMessage('已关注该信息，可在“我的关注”中查看', 'success');

    await user.click(unfollow);
    expect(await screen.findByRole('button', { name: '关注' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.delCollection).toHaveBeenCalledWith({ id: 101, type: 'jg' });
  });

  it('opens the refusal of the view as its permission dialog, closing the page (spec §4)', async () => {
    const api = createDetailApi([awardNotice]);
    const usedUp = refusal({ type: 'usedUp' });
    api.selZhaobiaoDetails.mockRejectedValueOnce(businessError(403, '您的免费试用次数已用完！', usedUp));
    const { dialogs } = await renderDetail('tender', '/tender/index?id=101&type=zb', api);
    // The gate's own sentence, not a bare 暂无权限查看该信息 (issue 33).
    expect(await screen.findByText('您的免费试用次数已用完！')).toBeInTheDocument();
    expect(dialogs.openRefusal).toHaveBeenCalledWith(usedUp, { closePage: true });
    expect(screen.queryByRole('region', { name: '基本信息' })).not.toBeInTheDocument();
  });

  it('opens an action’s refusal over the page, which stays (the source link)', async () => {
    const api = createDetailApi([awardNotice]);
    const member = refusal({ type: 'member', privilege: 'detailLink' });
    api.getDetailLink.mockRejectedValueOnce(businessError(403, '您的会员权限不足！', member));
    const { user, dialogs } = await renderDetail('tender', '/tender/index?id=101&type=jg', api);
    await user.click(await screen.findByRole('button', { name: '查看原文' }));
    await waitFor(() => expect(dialogs.openRefusal).toHaveBeenCalledWith(member, undefined));
    expect(screen.getByRole('region', { name: '基本信息' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '查看原文' }));
    expect(
      await screen.findByRole('link', { name: 'https://www.ccgp-shenzhen.gov.cn/notice/101.html' }),
    ).toHaveAttribute('target', '_blank');
  });

  it('names every site that published a reposted notice and lists their links, web addresses only', async () => {
    const reposted = {
      ...awardNotice,
      sources: [
        { name: '深圳市政府采购网', hasLink: true },
        { name: '千里马招标网', hasLink: true },
      ],
    };
    const api = createDetailApi([reposted]);
    api.getDetailLink.mockResolvedValueOnce({
      id: 101,
      url: 'https://www.ccgp-shenzhen.gov.cn/notice/101.html',
      sourceName: '深圳市政府采购网',
      links: [
        { url: 'https://www.ccgp-shenzhen.gov.cn/notice/101.html', sourceName: '深圳市政府采购网' },
        { url: 'https://www.qianlima.com/zb/101.html', sourceName: '千里马招标网' },
        { url: 'javascript:alert(1)', sourceName: '某转载站' },
      ],
      pass: { privilege: 'detailLink', limit: 20, used: 1, remaining: 19, charged: true },
    });
    const { user } = await renderDetail('tender', '/tender/index?id=101&type=jg', api);
    const fields = await screen.findByRole('region', { name: '基本信息' });
    expect(within(fields).getByText('深圳市政府采购网、千里马招标网')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '查看原文' }));
    expect(await screen.findByRole('link', { name: 'https://www.qianlima.com/zb/101.html' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByText(/原文链接（千里马招标网）/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'https://www.ccgp-shenzhen.gov.cn/notice/101.html' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/某转载站/)).not.toBeInTheDocument();
  });

  it('opens a related notice from the project timeline, with the actions of that item', async () => {
    const api = createDetailApi([awardNotice, tenderNotice]);
    const { user } = await renderDetail('tender', '/tender/index?id=101&type=jg', api);
    await user.click(await screen.findByRole('button', { name: '查看原文' }));
    await screen.findByRole('link', { name: 'https://www.ccgp-shenzhen.gov.cn/notice/101.html' });

    const timeline = screen.getByRole('region', { name: '项目进程' });
    await user.click(within(timeline).getByRole('link', { name: tenderNotice.title }));
    expect(await screen.findByRole('heading', { name: tenderNotice.title })).toBeInTheDocument();
    expect(api.selZhaobiaoDetails).toHaveBeenCalledWith({ id: 100 }, { handleCodes: [403, 404] });
    // The source link asked for the award notice is not shown as the tender notice's.
    expect(screen.queryByRole('link', { name: /ccgp-shenzhen/ })).not.toBeInTheDocument();
  });

  it('shows a refusal that names no dialog as its message', async () => {
    const api = createDetailApi([awardNotice]);
    api.selZhaobiaoDetails.mockRejectedValueOnce(
      businessError(403, '当前平台未开放该功能', refusal({ type: null, feature: 'analysis' })),
    );
    await renderDetail('tender', '/tender/index?id=101&type=zb', api, false);
    // The page's notice says why, and the red message says it once.
    await waitFor(() => {
      const texts = screen.getAllByText('当前平台未开放该功能');
      expect(texts.filter((text) => text.closest('[data-tone="error"]'))).toHaveLength(1);
      expect(texts.filter((text) => !text.closest('[data-tone]'))).toHaveLength(1);
    });
  });

  it('says an unknown id is gone, and a failed load can be retried', async () => {
    await renderDetail('tender', '/tender/index?id=999&type=zb');
    expect(await screen.findByText('该信息不存在或已删除')).toBeInTheDocument();

    const api = createDetailApi([awardNotice]);
    api.selZhaobiaoDetails.mockRejectedValueOnce(
      Object.assign(businessError(0, '网络异常，请检查网络连接是否正常！'), { kind: 'network' }),
    );
    const { user } = await renderDetail('tender', '/tender/index?id=101&type=zb', api);
    await user.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: awardNotice.title })).toBeInTheDocument();
  });

  it('lists the project documents on request and downloads one', async () => {
    const { user, api } = await renderDetail('tender', '/tender/index?id=101&type=jg');
    const documents = await screen.findByRole('region', { name: '项目附件' });
    await user.click(within(documents).getByRole('button', { name: '查看附件' }));
    const file = '下载 深圳市南山区智慧校园设备采购项目招标公告.txt';
    URL.createObjectURL = vi.fn(() => 'blob:detail');
    URL.revokeObjectURL = vi.fn();
    await user.click(await within(documents).findByRole('button', { name: file }));
    expect(api.downloadDocument).toHaveBeenCalledWith({ id: 100 }, { handleCodes: [403] });
  });
});
