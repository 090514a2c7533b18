import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../../shell/app-context';
import { expectMessage, renderWithRouter } from '../../test/render';
import { screenServices } from '../search/search-fixtures';
import { LoginScreen } from './login-screen';

async function showLogin() {
  const api = {
    sendMessageCode: vi.fn(async () => ({ expiresIn: 300, resendAfter: 60 })),
    messageLogin: vi.fn(),
    getQrcode: vi.fn(),
    qrcodeMode: vi.fn(async () => ({ mode: 'sandbox' as const })),
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
