import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { DateField } from './date-field';

describe('DateField', () => {
  it('opens a Chinese calendar on the value’s month and hands over the chosen day as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(<DateField label="开始日期" value="2026-03-10" onChange={onChange} />);
    const field = screen.getByLabelText('开始日期');
    expect(field).toHaveTextContent('2026-03-10');
    await user.click(field);
    expect(await screen.findByText('2026年3月')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2026-03-18' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-18');
  });

  it('is cleared to null', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(<DateField ariaLabel="结束日期" value="2026-03-10" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: '清除日期' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
