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
