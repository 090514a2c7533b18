/** A CSS hex colour in the six-digit form `#rrggbb` (either case). */
export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;

/** Red, green and blue channels, each 0–255. */
export type Rgb = readonly [red: number, green: number, blue: number];

export function parseHexColor(hex: string): Rgb {
  if (!hexColorPattern.test(hex)) {
    throw new TypeError(`Expected a colour like #1d5fd1, got "${hex}"`);
  }
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

export function formatHexColor([red, green, blue]: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(red)}${channel(green)}${channel(blue)}`;
}

/** sRGB to CIELAB (D65). */
function toLab(rgb: Rgb): [lightness: number, a: number, b: number] {
  const linear = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [r, g, b] = linear as [number, number, number];
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((value) => (value > 216 / 24389 ? Math.cbrt(value) : (value * 24389) / 27 / 116 + 16 / 116));
  const [x, y, z] = xyz as [number, number, number];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** How far apart two colours look: CIE76 ΔE in CIELAB (about 2.3 is just noticeable; under 20 reads as one hue). */
export function colorDistance(one: string, other: string): number {
  const [l1, a1, b1] = toLab(parseHexColor(one));
  const [l2, a2, b2] = toLab(parseHexColor(other));
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}
