import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../companies/screen-test-services';
import { businessError } from './detail-fixtures';
import { PhoneCodeButton } from './phone-code';

describe('PhoneCodeButton (微信扫码查看)', () => {
  it('asks for the code only when opened, then draws the mini-program code WeChat made', async () => {
    const itemQrcode = vi.fn(async () => ({
      mode: 'wechat' as const,
      qrImage: 'data:image/png;base64,iVBORw0K',
    }));
    await renderScreen(<PhoneCodeButton id={7} />, {
      api: { itemQrcode } as never,
      path: '/tender/index?id=7',
    });
    expect(itemQrcode).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '微信扫码查看' }));
    expect(await screen.findByRole('img', { name: '小程序码' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0K',
    );
    expect(screen.getByText('微信扫一扫，在手机上查看该信息')).toBeInTheDocument();
    expect(itemQrcode).toHaveBeenCalledWith({ id: 7 }, { silent: true });
  });

  it('draws the sandbox address as a QR code', async () => {
    const itemQrcode = vi.fn(async () => ({
      mode: 'sandbox' as const,
      qrUrl: 'http://x/portal/#/tender/index?id=7',
    }));
    await renderScreen(<PhoneCodeButton id={7} />, {
      api: { itemQrcode } as never,
      path: '/tender/index?id=7',
    });
    await userEvent.click(screen.getByRole('button', { name: '微信扫码查看' }));
    expect((await screen.findByRole('img', { name: '小程序码' })).tagName.toLowerCase()).toBe('svg');
  });

  it("says the server's reason in Chinese and tries again on 重试", async () => {
    const itemQrcode = vi
      .fn()
      .mockRejectedValueOnce(businessError(404, '当前平台未开放扫码在手机上查看'))
      .mockResolvedValueOnce({ mode: 'wechat', qrImage: 'data:image/png;base64,AAAA' });
    await renderScreen(<PhoneCodeButton id={7} />, {
      api: { itemQrcode } as never,
      path: '/tender/index?id=7',
    });
    await userEvent.click(screen.getByRole('button', { name: '微信扫码查看' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('当前平台未开放扫码在手机上查看');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: '小程序码' })).toBeInTheDocument();
    expect(itemQrcode).toHaveBeenCalledTimes(2);
  });
});
