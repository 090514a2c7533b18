export { type CarouselBounds, carouselOffset, maxCarouselOffset } from './carousel-offset';
export { MemberTypeCarousel, type MemberTypeCarouselProps } from './member-type-carousel';
