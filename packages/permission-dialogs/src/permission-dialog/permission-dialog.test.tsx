import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { CUSTOM_LOGIN_STORAGE_KEY, PermissionDialog, type PermissionDialogProps } from './permission-dialog';
import type { PermissionDialogContent } from './permission-dialog-content';

function show(dialog: PermissionDialogContent, props: Partial<PermissionDialogProps> = {}) {
  const handlers = { onUpgrade: vi.fn(), onLogout: vi.fn(), onClose: vi.fn() };
  const view = renderWithKit(<PermissionDialog dialog={dialog} {...handlers} {...props} />);
  return { ...view, ...handlers, dialog: screen.getByRole('dialog', { name: '温馨提示' }) };
}

describe('PermissionDialog usedUp', () => {
  it('titles the free trial for a non-member and offers 开通会员 with the level to preselect', async () => {
    const { dialog, user, onUpgrade } = show({
      type: 'usedUp',
      isMember: false,
      upgradeMemberCode: 'toubiaotong',
    });
    expect(dialog).toHaveTextContent('您的免费试用次数已用完！');
    await user.click(within(dialog).getByRole('button', { name: '开通会员' }));
    expect(onUpgrade).toHaveBeenCalledWith('toubiaotong', { forced: false });
  });

  it('says the daily quota the server gave and when it comes back', () => {
    const trial = show({ type: 'usedUp', isMember: false, limit: 3 });
    expect(within(trial.dialog).getByTestId('used-up-limit')).toHaveTextContent(
      '每日可免费查看 3 条，次日 0 点恢复',
    );
    trial.unmount();
    const member = show({ type: 'usedUp', isMember: true, limit: 200 });
    expect(member.dialog).toHaveTextContent('每日可查看 200 条，次日 0 点恢复');
    member.unmount();
    expect(
      within(show({ type: 'usedUp', isMember: false }).dialog).queryByTestId('used-up-limit'),
    ).toBeNull();
  });

  it("titles a member's viewing quota and only offers 知道了", async () => {
    const { dialog, user, onClose, onUpgrade } = show({ type: 'usedUp', isMember: true });
    expect(dialog).toHaveTextContent('您今日的查看次数已用完');
    expect(within(dialog).queryByRole('button', { name: /升级会员|开通会员/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '知道了' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onUpgrade).not.toHaveBeenCalled();
  });

  it('titles the daily download limit, with the button by membership', () => {
    const member = show({ type: 'usedUp', isMember: true, isDownLoad: true });
    expect(member.dialog).toHaveTextContent('您今日的公告下载次数已达上限，请明日再下载');
    expect(within(member.dialog).getByRole('button', { name: '知道了' })).toBeInTheDocument();
    member.unmount();
    const other = show({ type: 'usedUp', isMember: false, isDownLoad: true });
    expect(other.dialog).toHaveTextContent('您今日的公告下载次数已达上限，请明日再下载');
    expect(within(other.dialog).getByRole('button', { name: '开通会员' })).toBeInTheDocument();
  });
});

describe('PermissionDialog other types', () => {
  it('member: insufficient rights, upgrading unlocks it', () => {
    const { dialog } = show({ type: 'member', upgradeMemberCode: 'qiyetong' });
    expect(dialog).toHaveTextContent('您的会员权限不足！升级会员即可解锁该功能');
    expect(within(dialog).getByRole('button', { name: '升级会员' })).toBeInTheDocument();
  });

  it('member: names the level that opens the feature when the server gives it, once', () => {
    const { dialog } = show({ type: 'member', upgradeMemberCode: 'qiyetong', upgradeMemberName: '企业通' });
    expect(dialog).toHaveTextContent('您的会员权限不足！开通企业通及以上会员即可解锁该功能');
    expect(dialog.textContent?.match(/解锁该功能/g)).toHaveLength(1);
  });

  it('forces the level for a purchase-intent refusal (spec §2)', async () => {
    const { dialog, user, onUpgrade } = show({
      type: 'member',
      privilege: 'purchaseDetail',
      upgradeMemberCode: 'qiyetong',
    });
    await user.click(within(dialog).getByRole('button', { name: '升级会员' }));
    expect(onUpgrade).toHaveBeenCalledWith('qiyetong', { forced: true });
  });

  it('exportPermission: 立即升级', async () => {
    const { dialog, user, onUpgrade } = show({ type: 'exportPermission', upgradeMemberCode: 'toubiaotong' });
    expect(dialog).toHaveTextContent('您暂无导出数据的权限');
    await user.click(within(dialog).getByRole('button', { name: '立即升级' }));
    expect(onUpgrade).toHaveBeenCalledWith('toubiaotong', { forced: false });
  });

  it('noData: reset the conditions, 知道了', () => {
    const { dialog } = show({ type: 'noData' });
    expect(dialog).toHaveTextContent('根据您的筛选条件未匹配到数据，请重新设置条件');
    expect(within(dialog).getByRole('button', { name: '知道了' })).toBeInTheDocument();
  });

  it('singleProvice: both provinces and 开通更多地区', () => {
    const { dialog } = show({
      type: 'singleProvice',
      memberProvince: '广东省，广西壮族自治区',
      province: '湖南省',
    });
    expect(dialog).toHaveTextContent(
      '您的会员地区为广东省，广西壮族自治区，该信息属于湖南省，您未开通，无法查看',
    );
    expect(dialog).toHaveTextContent('会员地区：广东省，广西壮族自治区');
    expect(dialog).toHaveTextContent('信息所在地区：湖南省');
    expect(within(dialog).getByRole('button', { name: '开通更多地区' })).toBeInTheDocument();
  });

  it('unPay: the shenjims_pay_content text, or the fallback sentence, with the phone and the 客服 QR', () => {
    const configured = show(
      { type: 'unPay' },
      { payContent: '暂不支持在线开通会员，请联系当地商务经理为您开通，联系电话 400-1。' },
    );
    expect(configured.dialog).toHaveTextContent(
      '暂不支持在线开通会员，请联系当地商务经理为您开通，联系电话 400-1。',
    );
    expect(configured.dialog.textContent?.match(/暂不支持在线开通会员/g)).toHaveLength(1);
    configured.unmount();
    const withPhone = show(
      { type: 'unPay' },
      {
        payContent: '暂不支持在线开通会员，请联系当地商务经理为您开通，联系电话 400-1。',
        supportPhone: '400-1',
      },
    );
    // The phone the dictionary text already says is not repeated.
    expect(withPhone.dialog.textContent?.match(/400-1/g)).toHaveLength(1);
    withPhone.unmount();
    const fallback = show(
      { type: 'unPay' },
      { supportPhone: '400-016-5858', officialAccountQr: '/customer-wechat.png' },
    );
    expect(fallback.dialog).toHaveTextContent('暂不支持在线开通会员，请联系当地商务经理为您开通。');
    expect(fallback.dialog).toHaveTextContent('客服电话：400-016-5858');
    expect(within(fallback.dialog).getByRole('img', { name: '客服二维码' })).toHaveAttribute(
      'src',
      '/customer-wechat.png',
    );
    fallback.unmount();
    expect(within(show({ type: 'unPay' }).dialog).queryByRole('img')).toBeNull();
  });

  it("shows the refusal's support phone, else the configured one, else none", () => {
    const own = show({ type: 'member', phone: '400-000-0001' }, { supportPhone: '400-999-9999' });
    expect(own.dialog).toHaveTextContent('客服电话：400-000-0001');
    own.unmount();
    const configured = show({ type: 'member', phone: '' }, { supportPhone: '400-999-9999' });
    expect(configured.dialog).toHaveTextContent('客服电话：400-999-9999');
    configured.unmount();
    expect(show({ type: 'member' }).dialog).not.toHaveTextContent('客服电话');
  });

  it('is 480 wide with a 318 minimum height, pcUse 600 × 500', () => {
    const usual = show({ type: 'noData' });
    const content = usual.dialog.closest('.mantine-Modal-content') as HTMLElement;
    expect(content.style.minHeight).toBe('318px');
    usual.unmount();
    const pc = show({ type: 'pcUse' });
    expect((pc.dialog.closest('.mantine-Modal-content') as HTMLElement).style.minHeight).toBe('500px');
  });
});

describe('PermissionDialog pcUse', () => {
  it('shows the official account QR code at 160 px, and upgrade', async () => {
    const { dialog, user, onUpgrade } = show({ type: 'pcUse' }, { officialAccountQr: '/qr.png' });
    expect(dialog).toHaveTextContent('您当前的会员暂无PC端使用权限！');
    const qr = within(dialog).getByRole('img', { name: '公众号二维码' });
    expect(qr).toHaveAttribute('src', '/qr.png');
    expect(qr).toHaveAttribute('width', '160');
    expect(qr).toHaveAttribute('height', '160');
    await user.click(within(dialog).getByRole('button', { name: '升级会员' }));
    expect(onUpgrade).toHaveBeenCalledWith(null, { forced: false });
  });

  it('asks 确定退出登录吗？ before logging out, then sets the custom-login flag', async () => {
    const store = new Map<string, string>();
    const sessionStore = { setItem: (key: string, value: string) => void store.set(key, value) };
    const { dialog, user, onLogout } = show({ type: 'pcUse' }, { sessionStore });
    await user.click(within(dialog).getByRole('button', { name: '退出登录' }));
    expect(screen.getByText('确定退出登录吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取 消' }));
    expect(onLogout).not.toHaveBeenCalled();
    expect(store.size).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: '退出登录' }));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(store.get(CUSTOM_LOGIN_STORAGE_KEY)).toBe('1');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
