import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { showMessage } from './message';

describe('showMessage (spec §8: 3 s, one at a time)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderWithKit(<main />);
  });
  afterEach(() => {
    act(() => vi.runAllTimers());
    vi.useRealTimers();
  });

  it('shows a success in green and an error in red', () => {
    act(() => void showMessage('个人资料已保存', 'success'));
    const success = screen.getByRole('status');
    expect(success).toHaveTextContent('个人资料已保存');
    expect(success).toHaveAttribute('data-tone', 'success');
    expect(success.style.getPropertyValue('--notification-color')).toContain('green');
    act(() => void showMessage('操作失败'));
    const error = screen.getByRole('alert');
    expect(error).toHaveAttribute('data-tone', 'error');
    expect(error.style.getPropertyValue('--notification-color')).toContain('red');
  });

  it('shows one message at a time: a new text replaces the one showing, the same text is not repeated', () => {
    act(() => void showMessage('已关注', 'success'));
    act(() => void showMessage('网络异常，请检查网络连接是否正常！'));
    expect(screen.queryByText('已关注')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    act(() => void showMessage('网络异常，请检查网络连接是否正常！'));
    // Dropped: the first one still closes 3 s after it appeared.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes away after 3 s, or after the duration given', () => {
    act(() => void showMessage('已保存', 'success'));
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void showMessage('网络请求超时', 'warning', 5000));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'warning');
  });
});
