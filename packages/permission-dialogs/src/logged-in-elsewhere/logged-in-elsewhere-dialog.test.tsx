import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../test/render';
import { useLoggedInElsewhereDialog } from './logged-in-elsewhere-dialog';

function Layout() {
  const { confirmLoggedInElsewhere, element } = useLoggedInElsewhereDialog();
  const [acknowledged, setAcknowledged] = useState(0);
  const answer4011 = () => confirmLoggedInElsewhere().then(() => setAcknowledged((count) => count + 1));
  return (
    <>
      <button type="button" onClick={() => void Promise.all([answer4011(), answer4011()])}>
        两个请求都收到 4011
      </button>
      <output>{acknowledged}</output>
      {element}
    </>
  );
}

describe('useLoggedInElsewhereDialog', () => {
  it('shows one dialog for simultaneous 4011 answers and resolves them all on 确 定', async () => {
    const { user } = renderWithKit(<Layout />);
    await user.click(screen.getByRole('button', { name: '两个请求都收到 4011' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toHaveTextContent('您的账号已在其他设备登录，请重新登录');
    expect(screen.queryByRole('button', { name: '取 消' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
