import type { MantineColorsTuple } from '@mantine/core';
import { formatHexColor, parseHexColor, type Rgb } from './hex-color';

const white: Rgb = [255, 255, 255];
const black: Rgb = [0, 0, 0];

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * amount,
    from[1] + (to[1] - from[1]) * amount,
    from[2] + (to[2] - from[2]) * amount,
  ];
}

/**
 * The ten shades Mantine expects for one colour, lightest first, with `hex` itself at shade 6 (Mantine's
 * primary shade in light mode). Shades 0–5 are mixed toward white, 7–9 toward black, in sRGB, so every
 * channel — and so the lightness — changes monotonically from shade 0 to shade 9. Shade 0 is a near-white
 * tint for backgrounds, shade 9 a deep tone for pressed states.
 */
export function createColorShades(hex: string): MantineColorsTuple {
  const base = parseHexColor(hex);
  const tint = (amount: number) => formatHexColor(mix(base, white, amount));
  const shade = (amount: number) => formatHexColor(mix(base, black, amount));
  return [
    tint(0.92),
    tint(0.8),
    tint(0.64),
    tint(0.46),
    tint(0.28),
    tint(0.12),
    formatHexColor(base),
    shade(0.14),
    shade(0.28),
    shade(0.42),
  ];
}
