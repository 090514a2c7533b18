import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../test/render';
import { HelpTooltip } from './help-tooltip';

const help = '每日导出条数按会员等级计算，次日零点重置';

describe('HelpTooltip', () => {
  it('shows the help on hover and hides it when the pointer leaves', async () => {
    const { user } = renderWithKit(<HelpTooltip label={help} />);
    expect(screen.queryByText(help)).not.toBeInTheDocument();
    await user.hover(screen.getByRole('button', { name: '帮助说明' }));
    expect(await screen.findByText(help)).toBeInTheDocument();
    await user.unhover(screen.getByRole('button', { name: '帮助说明' }));
    await waitFor(() => expect(screen.queryByText(help)).not.toBeInTheDocument());
  });

  it('shows the help when reached with the keyboard', async () => {
    const { user } = renderWithKit(<HelpTooltip label={help} ariaLabel="导出说明" />);
    await user.tab();
    expect(screen.getByRole('button', { name: '导出说明' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(help);
  });
});
