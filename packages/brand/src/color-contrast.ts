import { parseHexColor } from './hex-color';

/** WCAG 2.x relative luminance of an sRGB colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = parseHexColor(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/**
 * WCAG 2.x contrast ratio between two `#rrggbb` colours, from 1 (same colour) to 21 (black on white).
 * Order does not matter. Normal-size text needs at least 4.5 (level AA); brand primaries carry white text on
 * buttons and headers, so every brand's primary must reach 4.5 against `#ffffff`.
 */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
