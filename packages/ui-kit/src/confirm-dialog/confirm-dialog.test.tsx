import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { ConfirmDialog, useConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('is titled 温馨提示 by default with the buttons 取 消 and 确 定', () => {
    renderWithKit(
      <ConfirmDialog opened message="确定删除该子账号吗？" onConfirm={() => {}} onCancel={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: '温馨提示' });
    expect(dialog).toHaveTextContent('确定删除该子账号吗？');
    expect(screen.getByRole('button', { name: '取 消' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确 定' })).toBeInTheDocument();
  });

  it('is titled 操作提示 for an operation, or takes its own title', () => {
    const { rerender } = renderWithKit(
      <ConfirmDialog opened kind="operation" message="x" onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByRole('dialog', { name: '操作提示' })).toBeInTheDocument();
    rerender(<ConfirmDialog opened title="退出登录" message="x" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: '退出登录' })).toBeInTheDocument();
  });

  it('confirms or cancels with the mouse', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithKit(
      <ConfirmDialog opened message="确定退出账号吗？" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await user.click(screen.getByRole('button', { name: '取 消' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('opens with 确 定 focused, so Enter confirms, and Escape cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithKit(
      <ConfirmDialog opened message="确定退出账号吗？" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '确 定' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('offers only 确 定 for a notice without cancel', () => {
    renderWithKit(
      <ConfirmDialog
        opened
        withCancel={false}
        message="您的账号已在其他设备登录，请重新登录"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: '取 消' })).not.toBeInTheDocument();
  });
});

describe('useConfirmDialog', () => {
  function Logout({ onLogout }: { onLogout(): void }) {
    const { confirm, dialog } = useConfirmDialog();
    const [answer, setAnswer] = useState('');
    return (
      <>
        <button
          type="button"
          onClick={async () => {
            const confirmed = await confirm({ message: '确定退出账号吗？' });
            setAnswer(confirmed ? 'yes' : 'no');
            if (confirmed) onLogout();
          }}
        >
          退出登录
        </button>
        <output>{answer}</output>
        {dialog}
      </>
    );
  }

  it('resolves true on 确 定 and false on 取 消, closing the dialog', async () => {
    const onLogout = vi.fn();
    const { user } = renderWithKit(<Logout onLogout={onLogout} />);
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(screen.getByRole('dialog', { name: '温馨提示' })).toHaveTextContent('确定退出账号吗？');
    await user.click(screen.getByRole('button', { name: '取 消' }));
    expect(await screen.findByText('no')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onLogout).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('yes')).toBeInTheDocument();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
