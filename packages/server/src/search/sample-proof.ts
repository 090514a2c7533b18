/**
 * Proving that a search has more matches than its count's cap by counting its matches in a random sample of the
 * documents (ADR 0023, migration 0020). The sample of level k holds the documents whose hash has its k low bits
 * zero: each document is in it with probability f = 2^-k, whatever it says. If at most `cap` documents matched,
 * the matches in the sample would be a binomial variable of mean at most cap × f; seeing `threshold` of them or
 * more then happens with probability at most FALSE_CLAIM (Chernoff's bound), and the search is reported as
 * "more than cap". Anything less proves nothing, and the count is made the usual way.
 */

/** The levels of migration 0020's sample lexemes (`~s:<k>`), sparsest first. */
export const SAMPLE_LEVELS = [12, 10, 8, 6, 4] as const;
type SampleLevel = (typeof SAMPLE_LEVELS)[number];

/** The most a claim of "more than cap" may be wrong with: once in a trillion searches. */
export const FALSE_CLAIM = 1e-12;

/**
 * The fewest matches in the sample of level k that prove more than `cap` matches: the smallest h with
 * Pr[Binomial(cap, 2^-k) ≥ h] ≤ FALSE_CLAIM, bounded by e^-μ (eμ/h)^h (Chernoff, for h > μ = cap × 2^-k).
 */
export function sampleThreshold(cap: number, level: SampleLevel): number {
  const mean = cap / 2 ** level;
  const limit = Math.log(FALSE_CLAIM);
  let hits = Math.max(1, Math.floor(mean) + 1);
  while (-mean + hits * (1 + Math.log(mean) - Math.log(hits)) > limit) hits += 1;
  return hits;
}

/**
 * The sample to prove a count on: the sparsest whose matches should reach its threshold `margin` times over, or
 * undefined when none should. `expected`: the matches the statistics expect — of the needles' lexemes, which
 * the phrases may hold in fewer documents (margin 2) — or those a sparser sample suggests (its matches × 2^k).
 */
export function proofSample(
  expected: number,
  cap: number,
  margin = 2,
): { level: SampleLevel; threshold: number } | undefined {
  for (const level of SAMPLE_LEVELS) {
    const threshold = sampleThreshold(cap, level);
    if (expected / 2 ** level >= margin * threshold) return { level, threshold };
  }
  return undefined;
}

/**
 * Whether a search has more than `cap` matches, proved on samples: first the one the statistics choose, then,
 * when it falls short, a denser one if its matches suggest that one would reach its threshold (1.3 times over: a
 * suggestion from a few dozen matches is within ±20 %). `countInSample` counts the matches in a sample up to a
 * limit. False means nothing was proved, not that the matches are fewer.
 */
export async function provedOverCap(
  expected: number,
  cap: number,
  countInSample: (lexeme: string, limit: number) => Promise<number>,
): Promise<boolean> {
  let sample = proofSample(expected, cap);
  while (sample) {
    const matches = await countInSample(sampleLexeme(sample.level), sample.threshold);
    if (matches >= sample.threshold) return true;
    const denser = proofSample(matches * 2 ** sample.level, cap, 1.3);
    sample = denser && denser.level < sample.level ? denser : undefined;
  }
  return false;
}

/** The tsquery lexeme of a sample. */
function sampleLexeme(level: SampleLevel): string {
  return `'~s:${level}'`;
}
