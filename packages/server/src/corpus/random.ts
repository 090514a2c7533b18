/**
 * Seeded randomness for the demo corpus: the same seed text gives the same numbers on every machine. No
 * Math.random; integer arithmetic for the state; Math.log, Math.exp and Math.cos come from V8's own fdlibm port,
 * which answers the same bits on every platform.
 */

/** cyrb128: a fast 128-bit string hash, to turn any seed text into sfc32's four words. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Eight hex digits identifying a text (ids, tags). */
export function shortHash(text: string): string {
  return hash128(text)[0].toString(16).padStart(8, '0');
}

/** sfc32 (Small Fast Counting), a 128-bit state generator that passes PractRand; seeded from a text. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = hash128(seed);
    // Warm up: the first outputs of a fresh state are correlated with the seed.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)];
    if (item === undefined) throw new RangeError('cannot pick from an empty list');
    return item;
  }

  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let point = this.next() * total;
    for (const [value, weight] of entries) {
      point -= weight;
      if (point < 0) return value;
    }
    const last = entries.at(-1);
    if (!last) throw new RangeError('cannot pick from an empty list');
    return last[0];
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal around a median: exp(ln(median) + sigma·N(0,1)). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** A rank in [0, size) where rank r is about 1/(r+1)^s as likely: few popular, many rare. */
  zipf(size: number, exponent = 1): number {
    // Inverse of the continuous approximation of the Zipf CDF; exact enough for choosing companies.
    const u = this.next();
    if (exponent === 1) return Math.min(size - 1, Math.floor(Math.exp(u * Math.log(size + 1)) - 1));
    const top = (size + 1) ** (1 - exponent);
    return Math.min(size - 1, Math.floor((1 + u * (top - 1)) ** (1 / (1 - exponent)) - 1));
  }

  /** `count` digits as text ('004217'). */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}

/** A weighted choice among many entries, prepared once: O(log n) per pick. */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly values: T[] = [];
  private total = 0;

  constructor(entries: Iterable<readonly [T, number]>) {
    for (const [value, weight] of entries) {
      if (weight <= 0) continue;
      this.total += weight;
      this.cumulative.push(this.total);
      this.values.push(value);
    }
    if (this.values.length === 0) throw new RangeError('a weighted table needs a positive weight');
  }

  get size(): number {
    return this.values.length;
  }

  pick(random: Random): T {
    return this.at(random.next());
  }

  /** The entry at a fraction (0–1) of the total weight. */
  at(fraction: number): T {
    const point = fraction * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 0) > point) high = middle;
      else low = middle + 1;
    }
    return this.values[low] as T;
  }
}
