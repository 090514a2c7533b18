import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { DisplayModeToggle } from './display-mode-toggle';

describe('DisplayModeToggle', () => {
  it('shows the list mode by default', () => {
    renderWithKit(<DisplayModeToggle />);
    expect(screen.getByRole('radio', { name: '列表' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '表格' })).not.toBeChecked();
  });

  it('reports 20 when the user picks the table and 10 for the list', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [mode, setMode] = useState<10 | 20>(10);
      return (
        <DisplayModeToggle
          value={mode}
          onChange={(next) => {
            onChange(next);
            setMode(next);
          }}
        />
      );
    }
    const { user } = renderWithKit(<Controlled />);
    await user.click(screen.getByText('表格'));
    expect(screen.getByRole('radio', { name: '表格' })).toBeChecked();
    await user.click(screen.getByText('列表'));
    expect(onChange.mock.calls).toEqual([[20], [10]]);
  });

  it('switches with the keyboard', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(<DisplayModeToggle value={10} onChange={onChange} />);
    screen.getByRole('radio', { name: '列表' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith(20);
  });
});
