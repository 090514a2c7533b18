import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { FullScreenLoading, LoadingWrapper, useLoadingWrapper } from './loading-wrapper';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('FullScreenLoading', () => {
  it('covers the page with a spinner and its text, and locks scrolling', () => {
    const { rerender } = renderWithKit(<FullScreenLoading visible text="正在导出，请稍候…" />);
    expect(screen.getByRole('alert', { name: '正在导出，请稍候…' })).toHaveTextContent('正在导出，请稍候…');
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<FullScreenLoading visible={false} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('is named 加载中 without a text and takes the focus from the page', async () => {
    renderWithKit(
      <>
        <button type="button">页面按钮</button>
        <FullScreenLoading visible />
      </>,
    );
    const spinner = screen.getByRole('alert', { name: '加载中' });
    await waitFor(() => expect(spinner).toHaveFocus());
  });
});

describe('useLoadingWrapper', () => {
  function Exporter({ task, onDone }: { task: () => Promise<string>; onDone(result: unknown): void }) {
    const { wrap, overlay, pending } = useLoadingWrapper();
    return (
      <>
        <button type="button" onClick={async () => onDone(await wrap(task, '导出中'))}>
          导出
        </button>
        <output>{pending ? 'pending' : 'idle'}</output>
        {overlay}
      </>
    );
  }

  it('shows the spinner while the call is pending and gives its result', async () => {
    const call = deferred<string>();
    const onDone = vi.fn();
    const { user } = renderWithKit(<Exporter task={() => call.promise} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: '导出' }));
    expect(screen.getByRole('alert', { name: '导出中' })).toBeInTheDocument();
    await act(async () => call.resolve('done'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith('done');
  });

  it('swallows a failure: the spinner goes and the caller gets undefined', async () => {
    const call = deferred<string>();
    const onDone = vi.fn();
    const { user } = renderWithKit(<Exporter task={() => call.promise} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await act(async () => call.reject(new Error('网络异常')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('idle')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(undefined);
  });

  it('keeps the spinner until the last of overlapping calls ends', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const calls = [first, second];
    const { user } = renderWithKit(
      <Exporter task={() => (calls.shift() ?? first).promise} onDone={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: '导出' }));
    await user.click(screen.getByRole('button', { name: '导出' }));
    await act(async () => first.resolve('a'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => second.resolve('b'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('LoadingWrapper', () => {
  it('shows the spinner while the given task is pending, also when it fails', async () => {
    const call = deferred<void>();
    function Screen() {
      const [task, setTask] = useState<Promise<void>>();
      return (
        <LoadingWrapper task={task} text="保存中">
          <button type="button" onClick={() => setTask(call.promise)}>
            保存
          </button>
        </LoadingWrapper>
      );
    }
    const { user } = renderWithKit(<Screen />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert', { name: '保存中' })).toBeInTheDocument();
    await act(async () => call.reject(new Error('x')));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
