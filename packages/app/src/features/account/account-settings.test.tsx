import { ApiError } from '@tender/api-client';
import type { User } from '@tender/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { demoUsers } from '../../test/story-fixtures';
import { type AccountApi, AccountSettings } from './account-settings';

const user: User = {
  ...demoUsers.freeUser,
  userName: '王经理',
  realUserName: '王小明',
  companyName: '测试科技有限公司',
};

/** The account endpoints as the server answers them: the user with the changed fields. */
function accountApi(overrides: Partial<AccountApi> = {}): AccountApi {
  return {
    updateUser: vi.fn(async (input: Partial<User>) => ({ ...user, ...input })),
    uploadAvatar: vi.fn(async () => ({
      headimgurl: 'http://127.0.0.1/webchat/uploads/avatars/portal/7-a.png',
    })),
    sendMessageCode: vi.fn(async () => ({ expiresIn: 300, resendAfter: 60 })),
    updatePhone: vi.fn(async ({ mobile }: { mobile: string }) => ({ ...user, mobile })),
    personalData: vi.fn(async () => ({
      exportedAt: '2026-11-28T01:00:00.000Z',
      brand: 'portal',
      sections: [],
    })),
    cancelAccount: vi.fn(async () => null),
    apiKeyList: vi.fn(async () => ({ records: [], quota: null })),
    ...overrides,
  } as unknown as AccountApi;
}

async function show(api: AccountApi) {
  const onUserChanged = vi.fn();
  const showMessage = vi.fn();
  const onAccountCancelled = vi.fn();
  const rendered = await renderWithRouter(
    <AccountSettings
      user={user}
      api={api}
      onUserChanged={onUserChanged}
      showMessage={showMessage}
      privacyPolicy={{ url: 'https://sample.example/privacy.html', version: '2026-11-01' }}
      onAccountCancelled={onAccountCancelled}
    />,
    { path: '/infoEdit', paths: ['/infoEdit'] },
  );
  return { ...rendered, onUserChanged, showMessage, onAccountCancelled };
}

describe('AccountSettings (账号设置)', () => {
  it('saves the profile and hands the new user to the store', async () => {
    const api = accountApi();
    const { user: pointer, onUserChanged, showMessage } = await show(api);
    const name = screen.getByRole('textbox', { name: /真实姓名/ });
    await pointer.clear(name);
    await pointer.type(name, '李四');
    await pointer.type(screen.getByRole('textbox', { name: '职务' }), ' 采购经理 ');
    await pointer.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(onUserChanged).toHaveBeenCalledWith(expect.objectContaining({ realUserName: '李四' })),
    );
    expect(api.updateUser).toHaveBeenCalledWith(
      expect.objectContaining({ realUserName: '李四', jobTitle: '采购经理' }),
    );
    expect(showMessage).toHaveBeenCalledWith('个人资料已保存', 'success');
  });

  it('names the field of every mistake and sends nothing', async () => {
    const api = accountApi();
    const { user: pointer } = await show(api);
    await pointer.clear(screen.getByRole('textbox', { name: /真实姓名/ }));
    await pointer.clear(screen.getByRole('textbox', { name: /公司名称/ }));
    await pointer.type(screen.getByRole('textbox', { name: '邮箱' }), 'wang@');
    await pointer.click(screen.getByRole('button', { name: '保 存' }));
    expect(screen.getByText('请填写真实姓名')).toBeInTheDocument();
    expect(screen.getByText('请填写公司名称')).toBeInTheDocument();
    expect(screen.getByText('邮箱格式不正确，请输入正确的邮箱地址')).toBeInTheDocument();
    expect(api.updateUser).not.toHaveBeenCalled();
  });

  it('changes the phone with a code sent to the new number (purpose updatePhone) after the consent', async () => {
    const api = accountApi();
    const { user: pointer, onUserChanged, showMessage } = await show(api);
    const phone = screen.getByRole('region', { name: '手机号' });
    expect(phone).toHaveTextContent('当前手机号：138****5678');
    await pointer.click(within(phone).getByRole('button', { name: '更换手机号' }));
    await pointer.type(within(phone).getByRole('textbox', { name: '新手机号' }), '13912345678');
    await pointer.click(within(phone).getByRole('button', { name: '获取验证码' }));
    expect(showMessage).toHaveBeenCalledWith('获取验证码前，请先阅读并勾选同意《隐私政策》', 'warning');
    expect(api.sendMessageCode).not.toHaveBeenCalled();
    await pointer.click(within(phone).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await pointer.click(within(phone).getByRole('button', { name: '获取验证码' }));
    expect(api.sendMessageCode).toHaveBeenCalledWith({
      mobile: '13912345678',
      purpose: 'updatePhone',
      consentVersion: '2026-11-01',
    });
    expect(await within(phone).findByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
    await pointer.type(within(phone).getByRole('textbox', { name: '验证码' }), '123456');
    await pointer.click(within(phone).getByRole('button', { name: '确认更换' }));
    await waitFor(() =>
      expect(onUserChanged).toHaveBeenCalledWith(expect.objectContaining({ mobile: '13912345678' })),
    );
    expect(api.updatePhone).toHaveBeenCalledWith({ mobile: '13912345678', code: '123456' });
  });

  it('refuses a wrong new phone, the current phone and a code that is not 6 digits', async () => {
    const api = accountApi();
    const { user: pointer } = await show(api);
    const phone = screen.getByRole('region', { name: '手机号' });
    await pointer.click(within(phone).getByRole('button', { name: '更换手机号' }));
    const mobile = within(phone).getByRole('textbox', { name: '新手机号' });
    await pointer.type(mobile, '1381234');
    await pointer.click(within(phone).getByRole('button', { name: '获取验证码' }));
    expect(within(phone).getByText('新手机号须为正确的 11 位手机号')).toBeInTheDocument();
    await pointer.clear(mobile);
    await pointer.type(mobile, user.mobile);
    await pointer.click(within(phone).getByRole('button', { name: '获取验证码' }));
    expect(within(phone).getByText('新手机号不能与当前手机号相同')).toBeInTheDocument();
    await pointer.clear(mobile);
    await pointer.type(mobile, '13912345678');
    await pointer.type(within(phone).getByRole('textbox', { name: '验证码' }), '12a');
    await pointer.click(within(phone).getByRole('button', { name: '确认更换' }));
    expect(within(phone).getByText('验证码须为 6 位数字')).toBeInTheDocument();
    expect(api.sendMessageCode).not.toHaveBeenCalled();
    expect(api.updatePhone).not.toHaveBeenCalled();
  });

  it("shows the SMS endpoint's refusal, which the api-client leaves to the screen", async () => {
    const tooOften = new ApiError('发送过于频繁，请 60 秒后再试', {
      kind: 'business',
      path: '/webchat/api/login/sendMessageCode',
      code: 429,
      handled: false,
    });
    const api = accountApi({ sendMessageCode: vi.fn().mockRejectedValue(tooOften) } as Partial<AccountApi>);
    const { user: pointer, showMessage } = await show(api);
    const phone = screen.getByRole('region', { name: '手机号' });
    await pointer.click(within(phone).getByRole('button', { name: '更换手机号' }));
    await pointer.type(within(phone).getByRole('textbox', { name: '新手机号' }), '13912345678');
    await pointer.click(within(phone).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await pointer.click(within(phone).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(showMessage).toHaveBeenCalledWith('发送过于频繁，请 60 秒后再试'));
  });

  it('uploads a new avatar, and refuses a file that is not an image or too large', async () => {
    const api = accountApi();
    const { onUserChanged } = await show(api);
    const avatar = screen.getByRole('region', { name: '头像' });
    // FileButton's input is hidden: the button opens the file chooser, which a test cannot use.
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(avatar).findByRole('alert')).toHaveTextContent(
      '头像须为 png、jpg、gif 或 webp 格式的图片',
    );
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [large] } });
    expect(await within(avatar).findByRole('alert')).toHaveTextContent('头像图片不能超过 2 MB');
    expect(api.uploadAvatar).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(onUserChanged).toHaveBeenCalledWith({
        ...user,
        headimgurl: 'http://127.0.0.1/webchat/uploads/avatars/portal/7-a.png',
      }),
    );
    const form = vi.mocked(api.uploadAvatar).mock.calls[0]?.[0] as FormData;
    expect((form.get('file') as File).name).toBe('me.png');
  });

  it('downloads the 个人信息副本 as a JSON file', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:copy');
    URL.revokeObjectURL = vi.fn();
    const api = accountApi();
    const { user: pointer, showMessage } = await show(api);
    const copy = screen.getByRole('region', { name: '个人信息副本' });
    await pointer.click(within(copy).getByRole('button', { name: '下载个人信息副本' }));
    await waitFor(() => expect(showMessage).toHaveBeenCalledWith('个人信息副本已开始下载', 'success'));
    expect(api.personalData).toHaveBeenCalledTimes(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toMatchObject({ brand: 'portal', sections: [] });
  });

  it('cancels the account: says what goes and what stays, texts the own phone after consent, confirms, signs out', async () => {
    const api = accountApi();
    const { user: pointer, showMessage, onAccountCancelled } = await show(api);
    const section = screen.getByRole('region', { name: '注销账号' });
    expect(section).toHaveTextContent('真实姓名、昵称、头像');
    expect(section).toHaveTextContent('会员订单与支付记录');
    expect(section).toHaveTextContent('将注册为一个全新的账号');
    await pointer.click(within(section).getByRole('button', { name: '获取验证码' }));
    expect(showMessage).toHaveBeenCalledWith('获取验证码前，请先阅读并勾选同意《隐私政策》', 'warning');
    expect(api.sendMessageCode).not.toHaveBeenCalled();
    await pointer.click(within(section).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await pointer.click(within(section).getByRole('button', { name: '获取验证码' }));
    expect(api.sendMessageCode).toHaveBeenCalledWith({
      mobile: user.mobile,
      purpose: 'cancelAccount',
      consentVersion: '2026-11-01',
    });
    await pointer.type(within(section).getByRole('textbox', { name: '验证码' }), '654321');
    await pointer.click(within(section).getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('无法恢复');
    await pointer.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onAccountCancelled).toHaveBeenCalledTimes(1));
    expect(api.cancelAccount).toHaveBeenCalledWith({ code: '654321' });
  });

  it("shows the server's refusal of a cancellation and stays signed in", async () => {
    const refused = new ApiError(
      '您是企业主账号，企业下还有 2 个子账号，暂不能注销。请先在企业管理中移除全部子账号，再注销账号。',
      {
        kind: 'business',
        path: '/webchat/api/userCenter/cancelAccount',
        code: 403,
        handled: false,
      },
    );
    const api = accountApi({ cancelAccount: vi.fn().mockRejectedValue(refused) } as Partial<AccountApi>);
    const { user: pointer, showMessage, onAccountCancelled } = await show(api);
    const section = screen.getByRole('region', { name: '注销账号' });
    await pointer.type(within(section).getByRole('textbox', { name: '验证码' }), '654321');
    await pointer.click(within(section).getByRole('button', { name: '注销账号' }));
    await pointer.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确 定' }));
    await waitFor(() =>
      expect(showMessage).toHaveBeenCalledWith(expect.stringContaining('请先在企业管理中移除全部子账号')),
    );
    expect(onAccountCancelled).not.toHaveBeenCalled();
  });

  it('creates an API key, shows its secret once with a copy button, lists and revokes keys', async () => {
    type Key = { id: number; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };
    let keys: Key[] = [];
    const api = accountApi({
      apiKeyList: vi.fn(async () => ({
        records: keys,
        quota: { privilege: 'apiAccess', limit: 200, used: 3, remaining: 197, charged: false },
      })),
      apiKeyCreate: vi.fn(async ({ name }: { name: string }) => {
        const key = {
          id: keys.length + 1,
          name,
          prefix: 'tk_AbCdEfG',
          createdAt: '2026-11-28 09:00:00',
          lastUsedAt: null,
        };
        keys = [key, ...keys];
        return { ...key, secret: 'tk_AbCdEfGsecretsecretsecretsecretsecretsecre' };
      }),
      apiKeyRevoke: vi.fn(async ({ id }: { id: number }) => {
        keys = keys.filter((key) => key.id !== id);
        return { id };
      }),
    } as unknown as Partial<AccountApi>);
    const { user: pointer, showMessage } = await show(api);
    const section = await screen.findByRole('region', { name: 'API 密钥' });
    expect(
      await within(section).findByText('今日已调用 3 次，剩余 197 次（每日 200 次）'),
    ).toBeInTheDocument();
    expect(within(section).getByText('还没有密钥')).toBeInTheDocument();

    await pointer.click(within(section).getByRole('button', { name: '创建密钥' }));
    expect(within(section).getByText('请填写密钥名称')).toBeInTheDocument();
    expect(api.apiKeyCreate).not.toHaveBeenCalled();

    await pointer.type(within(section).getByRole('textbox', { name: '密钥名称' }), 'CRM 同步');
    await pointer.click(within(section).getByRole('button', { name: '创建密钥' }));
    expect(await within(section).findByTestId('api-key-secret')).toHaveTextContent(
      'tk_AbCdEfGsecretsecretsecretsecretsecretsecre',
    );
    expect(within(section).getByRole('button', { name: '复制密钥' })).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: 'API 密钥' });
    expect(within(table).getByText('CRM 同步')).toBeInTheDocument();
    expect(within(table).getByText('从未使用')).toBeInTheDocument();
    expect(within(table).queryByText(/secret/)).toBeNull();

    await pointer.click(within(section).getByRole('button', { name: '我已保存' }));
    expect(within(section).queryByTestId('api-key-secret')).toBeNull();

    await pointer.click(within(table).getByRole('button', { name: '吊销 CRM 同步' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('吊销密钥“CRM 同步”后，使用它的系统将立即无法调用，确定吊销吗？');
    await pointer.click(within(dialog).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(api.apiKeyRevoke).toHaveBeenCalledWith({ id: 1 }));
    expect(showMessage).toHaveBeenCalledWith('密钥已吊销');
    expect(await within(section).findByText('还没有密钥')).toBeInTheDocument();
  });

  it('sets a key’s webhook, shows its signing secret once and lists its deliveries', async () => {
    const key = {
      id: 5,
      name: 'CRM',
      prefix: 'tk_AbCdEfG',
      createdAt: '2026-11-28 09:00:00',
      lastUsedAt: null,
      webhookUrl: null,
    };
    const api = accountApi({
      apiKeyList: vi.fn(async () => ({ records: [key], quota: null })),
      apiKeyWebhook: vi.fn(async ({ id, url }: { id: number; url: string }) => ({
        id,
        webhookUrl: url,
        webhookSecret: 'whsec_signing-secret',
      })),
      apiKeyDeliveries: vi.fn(async () => ({
        records: [
          {
            id: 9,
            feedId: 3,
            itemId: 42,
            title: '某医院物业服务采购',
            status: 'pending',
            attempts: 1,
            lastError: 'Webhook 返回 HTTP 500',
            createdAt: '2026-11-28 09:05:00',
            deliveredAt: null,
            nextAttemptAt: '2026-11-28 09:05:30',
          },
        ],
      })),
    } as unknown as Partial<AccountApi>);
    const { user: pointer, showMessage } = await show(api);
    const section = await screen.findByRole('region', { name: 'API 密钥' });
    await pointer.click(await within(section).findByRole('button', { name: 'Webhook CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook：CRM' });
    expect(await within(dialog).findByText('某医院物业服务采购')).toBeInTheDocument();
    expect(within(dialog).getByText('等待重试')).toBeInTheDocument();
    expect(within(dialog).getByText('Webhook 返回 HTTP 500')).toBeInTheDocument();
    await pointer.type(
      within(dialog).getByRole('textbox', { name: '接收地址' }),
      'https://crm.example.com/hook',
    );
    await pointer.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByTestId('webhook-secret')).toHaveTextContent('whsec_signing-secret');
    expect(api.apiKeyWebhook).toHaveBeenCalledWith({ id: 5, url: 'https://crm.example.com/hook' });
    expect(showMessage).toHaveBeenCalledWith('Webhook 已保存');
  });
});
