import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../../shell/app-context';
import { expectMessage, renderWithRouter } from '../../test/render';
import { screenServices } from '../search/search-fixtures';
import { LoginScreen } from './login-screen';

async function showLogin(
  qrcodeMode: () => Promise<{ mode: 'sandbox' | 'wechat' | 'off' }> = async () => ({ mode: 'sandbox' }),
) {
  const api = {
    sendMessageCode: vi.fn(async () => ({ expiresIn: 300, resendAfter: 60 })),
    messageLogin: vi.fn(),
    getQrcode: vi.fn(),
    qrcodeMode: vi.fn(qrcodeMode),
  };
  const { services } = screenServices(api);
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LoginScreen />
    </AppServicesContext.Provider>,
    { path: '/login', paths: ['/login'] },
  );
  return { ...rendered, api, brand: services.brand };
}

describe('LoginScreen (PIPL consent before a code)', () => {
  it('sends no code until the consent box is ticked', async () => {
    const { user, api } = await showLogin();
    await user.type(screen.getByRole('textbox', { name: '手机号' }), '13812345678');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await expectMessage('获取验证码前，请先阅读并勾选同意用户服务协议和隐私政策', 'warning');
    expect(api.sendMessageCode).not.toHaveBeenCalled();
  });

  it("sends the code with the brand's privacy-policy version once consent is given", async () => {
    const { user, api, brand } = await showLogin();
    await user.type(screen.getByRole('textbox', { name: '手机号' }), '13812345678');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(api.sendMessageCode).toHaveBeenCalledWith({
      mobile: '13812345678',
      purpose: 'login',
      consentVersion: brand.legal.privacyPolicyVersion,
    });
    expect(await screen.findByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
    await expectMessage('验证码已发送', 'success');
  });
});

describe('LoginScreen (the QR tab)', () => {
  it('keeps the QR tab when asking for its mode fails, and shows it once 重试 gets an answer', async () => {
    let answers = 0;
    const { user, api } = await showLogin(async () => {
      answers += 1;
      if (answers === 1) throw new Error('offline');
      return { mode: 'sandbox' };
    });
    await user.click(await screen.findByRole('tab', { name: '扫码登录' }));
    expect(await screen.findByText('加载失败：服务器出错。请检查网络后点击“重试”。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('请先阅读并同意用户协议和隐私政策')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(api.qrcodeMode).toHaveBeenCalledTimes(2);
  });

  it('hides the QR tab when the server offers none', async () => {
    await showLogin(async () => ({ mode: 'off' }));
    expect(await screen.findByRole('tab', { name: '短信登录' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('tab', { name: '扫码登录' })).toBeNull();
  });
});
