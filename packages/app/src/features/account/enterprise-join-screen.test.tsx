import type { EnterpriseRelation } from '@tender/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { EnterpriseJoin, type EnterpriseJoinApi } from './enterprise-join-screen';

const enterprise = {
  enterpriseId: 3,
  enterpriseName: '测试科技有限公司',
  primaryUserId: 7,
  primaryUserName: '王小明',
  joinTime: '2026-11-24T02:00:00.000Z',
};

function joinApi(relation: EnterpriseRelation): EnterpriseJoinApi {
  return {
    getSubAccount: vi.fn(async () => relation),
    enterpriseJoin: vi.fn(async () => ({ relation: 'subAccount', enterprise })),
    userCenter: vi.fn(async () => ({ userId: 12, memberCode: 'qiye' })),
  } as unknown as EnterpriseJoinApi;
}

async function show(api: EnterpriseJoinApi, invite: string | undefined) {
  const onJoined = vi.fn();
  const rendered = await renderWithRouter(<EnterpriseJoin invite={invite} api={api} onJoined={onJoined} />, {
    path: '/enterpriseJoin',
    paths: ['/enterpriseJoin'],
  });
  return { ...rendered, onJoined };
}

describe('EnterpriseJoin (加入企业)', () => {
  it('joins with the invite and hands the user of the new level to the store', async () => {
    const api = joinApi({ relation: 'none', enterprise: null });
    const { user, onJoined } = await show(api, 'v1.claims.signature');
    await user.click(await screen.findByRole('button', { name: '加入企业' }));
    expect(api.enterpriseJoin).toHaveBeenCalledWith({ invite: 'v1.claims.signature' });
    expect(await screen.findByRole('status')).toHaveTextContent('已加入「测试科技有限公司」');
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith({ userId: 12, memberCode: 'qiye' }));
  });

  it('tells a main account that it cannot join another enterprise', async () => {
    const api = joinApi({ relation: 'primary', enterprise });
    await show(api, 'v1.claims.signature');
    expect(
      await screen.findByText('您是「测试科技有限公司」的主账号，不能再加入其他企业'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加入企业' })).not.toBeInTheDocument();
  });

  it('tells a sub-account which enterprise it is in (also right after joining, if the screen loads again)', async () => {
    const api = joinApi({ relation: 'subAccount', enterprise });
    await show(api, undefined);
    expect(await screen.findByRole('status')).toHaveTextContent('您已是「测试科技有限公司」的子账号');
    expect(screen.queryByRole('button', { name: '加入企业' })).not.toBeInTheDocument();
  });

  it('says what to do when the link lost its invite', async () => {
    const api = joinApi({ relation: 'none', enterprise: null });
    await show(api, undefined);
    expect(await screen.findByText(/邀请链接不完整/)).toBeInTheDocument();
    expect(api.enterpriseJoin).not.toHaveBeenCalled();
  });
});
