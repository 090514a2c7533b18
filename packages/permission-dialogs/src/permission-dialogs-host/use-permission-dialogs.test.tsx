import type { GateRefusal } from '@tender/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionDialogClosingHandlers } from '../closing/permission-dialog-closing';
import { renderWithKit } from '../test/render';
import { type UsePermissionDialogsOptions, usePermissionDialogs } from './use-permission-dialogs';

const refusal: GateRefusal = {
  type: 'usedUp',
  privilege: 'watchZhaobiao',
  feature: null,
  memberCode: 'putong',
  isMember: false,
  isDownLoad: false,
  memberProvince: '',
  province: '',
  phone: '400-000-0001',
  upgradeMemberCode: 'toubiaotong',
  isUsePc: 1,
};

function closingHandlers(): PermissionDialogClosingHandlers & Record<string, ReturnType<typeof vi.fn>> {
  const detail = { path: '/detail/1', name: 'Detail' };
  return {
    context: vi.fn(() => ({
      fromPath: '/informationQuery/bid',
      currentView: detail,
      visitedViews: [{ path: '/informationQuery/bid' }, detail],
      finished: false,
    })),
    hideOverlay: vi.fn(),
    removeView: vi.fn(),
    navigate: vi.fn(),
    navigateToRoute: vi.fn(),
    queryProject: vi.fn(async () => ({ code: 200, data: -1 })),
  };
}

function Host({ options, gate }: { options: UsePermissionDialogsOptions; gate?: GateRefusal }) {
  const dialogs = usePermissionDialogs(options);
  return (
    <>
      <button type="button" onClick={() => gate && dialogs.openRefusal(gate, { closePage: true })}>
        打开详情
      </button>
      <button type="button" onClick={dialogs.dismiss}>
        离开页面
      </button>
      {dialogs.element}
    </>
  );
}

describe('usePermissionDialogs', () => {
  it('dismiss hides the dialog without the closing rules (the member navigated away)', async () => {
    const closing = closingHandlers();
    const options = { closing, onUpgrade: vi.fn(), onLogout: vi.fn() };
    const { user } = renderWithKit(<Host options={options} gate={refusal} />);
    await user.click(screen.getByRole('button', { name: '打开详情' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('您的免费试用次数已用完！');
    await user.click(screen.getByRole('button', { name: '离开页面', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closing.navigate).not.toHaveBeenCalled();
    expect(closing.removeView).not.toHaveBeenCalled();
  });

  it("opens a refusal's dialog and applies the closing rules on close", async () => {
    const closing = closingHandlers();
    const options = { closing, onUpgrade: vi.fn(), onLogout: vi.fn() };
    const { user } = renderWithKit(<Host options={options} gate={{ ...refusal, isMember: true }} />);
    await user.click(screen.getByRole('button', { name: '打开详情' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('您今日的查看次数已用完');
    await user.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(closing.navigate).toHaveBeenCalledWith('/informationQuery/bid'));
    expect(closing.hideOverlay).toHaveBeenCalled();
    expect(closing.removeView).toHaveBeenCalledWith('/detail/1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hands the upgrade to the membership modal without closing the page', async () => {
    const closing = closingHandlers();
    const onUpgrade = vi.fn();
    const { user } = renderWithKit(
      <Host options={{ closing, onUpgrade, onLogout: vi.fn() }} gate={refusal} />,
    );
    await user.click(screen.getByRole('button', { name: '打开详情' }));
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    expect(onUpgrade).toHaveBeenCalledWith('toubiaotong', { forced: false });
    expect(closing.removeView).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens nothing for a refusal without a dialog type', async () => {
    const { user } = renderWithKit(
      <Host
        options={{ closing: closingHandlers(), onUpgrade: vi.fn(), onLogout: vi.fn() }}
        gate={{ ...refusal, type: null, feature: 'export' }}
      />,
    );
    await user.click(screen.getByRole('button', { name: '打开详情' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the pcUse popup when isUsePc is -1', () => {
    renderWithKit(
      <Host options={{ closing: closingHandlers(), onUpgrade: vi.fn(), onLogout: vi.fn(), isUsePc: -1 }} />,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('您当前的会员暂无PC端使用权限！');
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });
});
