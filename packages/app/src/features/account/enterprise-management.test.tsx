import type { EnterpriseRelation, EnterpriseSummary, SubAccount } from '@tender/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { type EnterpriseApi, EnterpriseManagement } from './enterprise-management';

const enterprise: EnterpriseSummary = {
  enterpriseId: 3,
  enterpriseName: '测试科技有限公司',
  primaryUserId: 7,
  allowJoin: false,
  maxSubAccounts: 5,
  subAccountCount: 2,
};

const accounts: SubAccount[] = [
  {
    userId: 11,
    userName: '13900000011',
    realUserName: '张三',
    mobile: '139****0011',
    remark: '',
    joinTime: '2026-11-20T02:00:00.000Z',
    lastActiveTime: null,
  },
  {
    userId: 12,
    userName: '13900000012',
    realUserName: '李四',
    mobile: '139****0012',
    remark: '销售部',
    joinTime: '2026-11-21T02:00:00.000Z',
    lastActiveTime: '2026-11-24T01:00:00.000Z',
  },
];

const ownEnterprise = {
  enterpriseId: 3,
  enterpriseName: enterprise.enterpriseName,
  primaryUserId: 7,
  primaryUserName: '王小明',
  joinTime: '2026-11-01T00:00:00.000Z',
};
const primary: EnterpriseRelation = { relation: 'primary', enterprise: ownEnterprise };

/** The enterprise endpoints over one in-memory enterprise, as the server keeps it. */
function enterpriseApi(relation: EnterpriseRelation = primary) {
  let summary = { ...enterprise };
  let members = [...accounts];
  return {
    getSubAccount: vi.fn(async () => relation),
    enterpriseAccountList: vi.fn(async () => ({
      enterprise: summary,
      records: members,
      total: members.length,
    })),
    enterpriseAccountRemove: vi.fn(async ({ userId }: { userId: number }) => {
      members = members.filter((member) => member.userId !== userId);
      summary = { ...summary, subAccountCount: members.length };
      return summary;
    }),
    enterpriseAllowJoin: vi.fn(async ({ allowJoin }: { allowJoin: boolean }) => {
      summary = { ...summary, allowJoin };
      return summary;
    }),
    enterpriseInviteQrcode: vi.fn(async () => ({
      inviteUrl: 'http://127.0.0.1/portal/#/enterpriseJoin?invite=abc',
      invite: 'abc',
      expiresIn: 86400,
      expiresAt: '2026-11-25T02:00:00.000Z',
    })),
    enterpriseAccountUpdate: vi.fn(async ({ enterpriseName }: { enterpriseName: string }) => {
      summary = { ...summary, enterpriseName };
      return { enterprise: summary, subAccount: null };
    }),
  } as unknown as EnterpriseApi;
}

async function show(api: EnterpriseApi) {
  const showMessage = vi.fn();
  const onOpenMembership = vi.fn();
  const rendered = await renderWithRouter(
    <EnterpriseManagement
      api={api}
      userId={7}
      showMessage={showMessage}
      onOpenMembership={onOpenMembership}
    />,
    { path: '/enterpriseEdit', paths: ['/enterpriseEdit'] },
  );
  return { ...rendered, showMessage, onOpenMembership };
}

describe('EnterpriseManagement (企业管理)', () => {
  it('lists the sub-accounts of the main account with the seats used', async () => {
    await show(enterpriseApi());
    const table = await screen.findByRole('table', { name: '企业子账号' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('张三');
    expect(rows[1]).toHaveTextContent('139****0011');
    expect(rows[1]).toHaveTextContent('2026-11-20 10:00:00');
    expect(rows[2]).toHaveTextContent('销售部');
    expect(screen.getByText('子账号 2 / 5')).toBeInTheDocument();
  });

  it('removes a sub-account only after 确 定 in the confirm dialog', async () => {
    const api = enterpriseApi();
    const { user } = await show(api);
    await user.click(await screen.findByRole('button', { name: '移除 张三' }));
    let confirm = await screen.findByRole('dialog', { name: '操作提示' });
    expect(confirm).toHaveTextContent('确定将「张三」移出企业吗？');
    await user.click(within(confirm).getByRole('button', { name: '取 消' }));
    expect(api.enterpriseAccountRemove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '移除 张三' }));
    confirm = await screen.findByRole('dialog', { name: '操作提示' });
    await user.click(within(confirm).getByRole('button', { name: '确 定' }));
    expect(api.enterpriseAccountRemove).toHaveBeenCalledWith({ userId: 11 });
    await waitFor(() => expect(screen.queryByRole('button', { name: '移除 张三' })).not.toBeInTheDocument());
    expect(screen.getByText('子账号 1 / 5')).toBeInTheDocument();
  });

  it('opens joining and then shows the invite QR code', async () => {
    const api = enterpriseApi();
    const { user, showMessage } = await show(api);
    expect(await screen.findByText(/加入已关闭/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: '允许通过邀请二维码加入企业' }));
    expect(api.enterpriseAllowJoin).toHaveBeenCalledWith({ allowJoin: true });
    await user.click(await screen.findByRole('button', { name: '生成邀请二维码' }));
    expect(api.enterpriseInviteQrcode).toHaveBeenCalledWith({ primaryUserId: 7 });
    expect(await screen.findByRole('img', { name: '邀请加入企业的二维码' })).toBeInTheDocument();
    expect(screen.getByText('请用手机扫码加入企业，二维码 2026-11-25 10:00:00 前有效')).toBeInTheDocument();
    expect(showMessage).toHaveBeenCalledWith('已允许加入', 'success');
  });

  it('renames the enterprise and names the field when it is empty', async () => {
    const api = enterpriseApi();
    const { user } = await show(api);
    const name = await screen.findByRole('textbox', { name: '企业名称' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: '保存企业名称' }));
    expect(screen.getByText('请填写企业名称')).toBeInTheDocument();
    await user.type(name, '新名称有限公司');
    await user.click(screen.getByRole('button', { name: '保存企业名称' }));
    expect(api.enterpriseAccountUpdate).toHaveBeenCalledWith({ enterpriseName: '新名称有限公司' });
  });

  it('shows a sub-account its enterprise and nothing to manage', async () => {
    const api = enterpriseApi({
      relation: 'subAccount',
      enterprise: { ...ownEnterprise, joinTime: '2026-11-20T02:00:00.000Z' },
    });
    await show(api);
    expect(await screen.findByText('您是「测试科技有限公司」的子账号，主账号：王小明')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '生成邀请二维码' })).not.toBeInTheDocument();
    expect(api.enterpriseAccountList).not.toHaveBeenCalled();
  });

  it('tells an individual account how to get an enterprise', async () => {
    const { user, onOpenMembership } = await show(enterpriseApi({ relation: 'none', enterprise: null }));
    expect(await screen.findByText(/您当前为个人账号/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    expect(onOpenMembership).toHaveBeenCalledOnce();
  });
});
