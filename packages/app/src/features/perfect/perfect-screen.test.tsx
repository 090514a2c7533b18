import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../../shell/app-context';
import { renderWithRouter } from '../../test/render';
import { businessError } from '../details/detail-fixtures';
import { screenServices } from '../search/search-fixtures';
import { PerfectScreen } from './perfect-screen';

async function renderPerfect(perfect: (input: unknown) => Promise<unknown>) {
  const { services } = screenServices({ perfect: vi.fn(perfect) });
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <PerfectScreen />
    </AppServicesContext.Provider>,
    { path: '/perfect', paths: ['/perfect', '/'] },
  );
  return { ...rendered, services };
}

describe('PerfectScreen (/perfect)', () => {
  it('carries the contract’s length limits and says what is missing under each field', async () => {
    const { user, services } = await renderPerfect(async () => ({}));
    const name = screen.getByRole('textbox', { name: /真实姓名/ });
    const company = screen.getByRole('textbox', { name: /公司名称/ });
    expect(name).toHaveAttribute('maxLength', '30');
    expect(company).toHaveAttribute('maxLength', '100');
    await user.click(screen.getByRole('button', { name: '提 交' }));
    expect(await screen.findByText('请填写真实姓名')).toBeInTheDocument();
    expect(screen.getByText('请填写公司名称')).toBeInTheDocument();
    expect(services.api.perfect).not.toHaveBeenCalled();
  });

  it('shows a field refusal of the server under its field, without the wire name', async () => {
    const { user } = await renderPerfect(async () => {
      throw businessError(400, '参数 companyName：公司名称最多 100 个字');
    });
    await user.type(screen.getByRole('textbox', { name: /真实姓名/ }), '王小明');
    await user.type(screen.getByRole('textbox', { name: /公司名称/ }), '测试科技有限公司');
    await user.click(screen.getByRole('button', { name: '提 交' }));
    expect(await screen.findByText('公司名称最多 100 个字')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/companyName/)).not.toBeInTheDocument());
  });
});
