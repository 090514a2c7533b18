import { CAROUSEL_STEP_PX } from '@tender/domain';

export interface CarouselBounds {
  /** How many member types the strip holds. */
  itemCount: number;
  /** How many fit in the viewport. */
  visibleCount: number;
  /** One card's width with its gap (spec §9: 196 px). */
  step?: number;
}

/** The largest offset: the last card flush with the viewport's right edge; 0 when everything fits. */
export function maxCarouselOffset({
  itemCount,
  visibleCount,
  step = CAROUSEL_STEP_PX,
}: CarouselBounds): number {
  return Math.max(0, (itemCount - visibleCount) * step);
}

/** spec §2: the carousel scrolls left or right by 196 px, within bounds (never before the first card or past the last). */
export function carouselOffset(
  current: number,
  direction: 'previous' | 'next',
  bounds: CarouselBounds,
): number {
  const step = bounds.step ?? CAROUSEL_STEP_PX;
  const moved = direction === 'next' ? current + step : current - step;
  return Math.min(maxCarouselOffset(bounds), Math.max(0, moved));
}
