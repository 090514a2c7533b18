import type { MemberType } from '@tender/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberTypes } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { carouselOffset, maxCarouselOffset } from './carousel-offset';
import { MemberTypeCarousel } from './member-type-carousel';

describe('carouselOffset', () => {
  const bounds = { itemCount: 5, visibleCount: 3 };

  it('steps 196 px either way', () => {
    expect(carouselOffset(0, 'next', bounds)).toBe(196);
    expect(carouselOffset(196, 'previous', bounds)).toBe(0);
  });

  it('never goes before the first card or past the last', () => {
    expect(maxCarouselOffset(bounds)).toBe(392);
    expect(carouselOffset(0, 'previous', bounds)).toBe(0);
    expect(carouselOffset(392, 'next', bounds)).toBe(392);
    expect(carouselOffset(300, 'next', bounds)).toBe(392);
  });

  it('does not move when every card fits', () => {
    expect(maxCarouselOffset({ itemCount: 3, visibleCount: 3 })).toBe(0);
    expect(carouselOffset(0, 'next', { itemCount: 2, visibleCount: 3 })).toBe(0);
  });
});

/** One card more than the strip shows: every level, each once (the cards are keyed by level). */
const fourTypes: MemberType[] = [
  { memberCode: 'putong', memberName: '普通用户', memberDesc: '', status: 0 },
  ...memberTypes,
];

describe('MemberTypeCarousel', () => {
  function strip() {
    return screen.getByTestId('member-type-strip');
  }

  it('scrolls by 196 px within bounds with the arrows', async () => {
    const { user } = renderWithKit(
      <MemberTypeCarousel types={fourTypes} selectedMemberCode="toubiaotong" onSelect={() => {}} />,
    );
    const previous = screen.getByRole('button', { name: '上一组会员类型' });
    const next = screen.getByRole('button', { name: '下一组会员类型' });
    expect(previous).toBeDisabled();
    expect(strip().style.transform).toBe('translateX(-0px)');
    await user.click(next);
    expect(strip().style.transform).toBe('translateX(-196px)');
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(strip().style.transform).toBe('translateX(-0px)');
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
  });

  it('has nowhere to go when the types fit', () => {
    renderWithKit(<MemberTypeCarousel types={memberTypes} selectedMemberCode="qiye" onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: '上一组会员类型' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '下一组会员类型' })).toBeDisabled();
  });

  it('selects a type, and blocks the others while disabled', async () => {
    const onSelect = vi.fn();
    const { user, rerender } = renderWithKit(
      <MemberTypeCarousel types={memberTypes} selectedMemberCode="toubiaotong" onSelect={onSelect} />,
    );
    expect(screen.getByRole('button', { name: /投标通/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    expect(onSelect).toHaveBeenCalledWith('qiyetong');
    rerender(
      <MemberTypeCarousel
        types={memberTypes}
        selectedMemberCode="toubiaotong"
        onSelect={onSelect}
        disabled
      />,
    );
    expect(screen.getByRole('button', { name: /企业版/ })).toBeDisabled();
  });
});
