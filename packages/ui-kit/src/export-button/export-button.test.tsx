import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { ExportButton } from './export-button';

describe('ExportButton', () => {
  it('reads 一键导出项目 and reports a click or Enter', async () => {
    const onClick = vi.fn();
    const { user } = renderWithKit(<ExportButton onClick={onClick} />);
    const button = screen.getByRole('button', { name: '一键导出项目' });
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('cannot be pressed while the export is being prepared', async () => {
    const onClick = vi.fn();
    const { user } = renderWithKit(<ExportButton loading onClick={onClick} />);
    await user.click(screen.getByRole('button', { name: /一键导出项目/ }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
