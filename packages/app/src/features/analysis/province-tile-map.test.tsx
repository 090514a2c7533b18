import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProvinceTileMap } from './province-tile-map';

const renderWithKit = createRenderWithBrand(UiKitProvider);

describe('ProvinceTileMap', () => {
  const byProvince = [
    { code: '440000', items: 40 },
    { code: '320000', items: 8 },
  ];

  it('is a list of the 34 provinces, each named with its items and shaded by them', () => {
    renderWithKit(<ProvinceTileMap title="省份分布" byProvince={byProvince} />);
    const map = screen.getByRole('list', { name: '省份分布' });
    expect(within(map).getAllByRole('listitem')).toHaveLength(34);
    expect(screen.getByRole('button', { name: '广东：40 条' })).toHaveAttribute('data-shade', '5');
    expect(screen.getByRole('button', { name: '江苏：8 条' })).toHaveAttribute('data-shade', '1');
    expect(screen.getByRole('button', { name: '西藏：0 条' })).toHaveAttribute('data-shade', '0');
  });

  it('hands a clicked or keyboard-chosen province to the filter and marks the chosen one', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithKit(
      <ProvinceTileMap title="省份分布" byProvince={byProvince} selectedCode="320000" onSelect={onSelect} />,
    );
    expect(screen.getByRole('button', { name: '江苏：8 条' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '广东：40 条' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: '广东：40 条' }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ code: '440000', items: 40 }));

    screen.getByRole('button', { name: '北京：0 条' }).focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ code: '110000' }));
  });
});
