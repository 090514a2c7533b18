import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { Toast, useToast } from './toast';

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says 默认弹窗 by default and closes itself after 1500 ms', () => {
    const onClose = vi.fn();
    renderWithKit(<Toast opened onClose={onClose} />);
    expect(screen.getByRole('status')).toHaveTextContent('默认弹窗');
    act(() => vi.advanceTimersByTime(1499));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows its message for the duration given', () => {
    const onClose = vi.fn();
    renderWithKit(<Toast opened message="已复制" duration={3000} onClose={onClose} />);
    expect(screen.getByRole('status')).toHaveTextContent('已复制');
    act(() => vi.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows nothing while closed', () => {
    renderWithKit(<Toast opened={false} onClose={() => {}} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('useToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function Page() {
    const { showToast, toast } = useToast();
    return (
      <>
        <button type="button" onClick={() => showToast('收藏成功')}>
          收藏
        </button>
        <button type="button" onClick={() => showToast()}>
          默认
        </button>
        {toast}
      </>
    );
  }

  it('shows a toast on demand and hides it after 1500 ms; a new one replaces the one showing', () => {
    renderWithKit(<Page />);
    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(screen.getByRole('status')).toHaveTextContent('收藏成功');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: '默认' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('默认弹窗');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
