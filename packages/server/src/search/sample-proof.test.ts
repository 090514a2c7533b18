import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { migrationsDir } from '../paths';
import { testDatabaseTargets } from '../test-support/databases';
import { FALSE_CLAIM, proofSample, provedOverCap, SAMPLE_LEVELS, sampleThreshold } from './sample-proof';

/** Pr[Binomial(n, p) ≥ k], summed exactly in log space. */
function binomialTail(n: number, p: number, k: number): number {
  // log of the probability mass at i, built up from i = 0.
  let logMass = n * Math.log1p(-p);
  let tail = 0;
  for (let i = 0; i <= n; i += 1) {
    if (i >= k) tail += Math.exp(logMass);
    logMass += Math.log(n - i) - Math.log(i + 1) + Math.log(p) - Math.log1p(-p);
  }
  return tail;
}

describe('the threshold of a sample proof', () => {
  it.each([10, 50, 200, 1_000, 10_000])(
    'is one that at most %i matches reach with a probability below FALSE_CLAIM, at every level',
    (cap) => {
      for (const level of SAMPLE_LEVELS) {
        const f = 2 ** -level;
        const threshold = sampleThreshold(cap, level);
        expect(binomialTail(cap, f, threshold), `cap ${cap} level ${level}`).toBeLessThanOrEqual(FALSE_CLAIM);
        // Chernoff's bound is not far from the exact tail: a few standard deviations more than the mean.
        expect(threshold, `cap ${cap} level ${level}`).toBeLessThan(cap * f + 12 * Math.sqrt(cap * f) + 20);
      }
    },
  );

  it('takes the sparsest sample whose matches should reach twice the threshold, and none for a search near its cap', () => {
    expect(proofSample(500_000, 10_000)).toEqual({ level: 12, threshold: sampleThreshold(10_000, 12) });
    expect(proofSample(100_000, 10_000)?.level).toBe(10);
    expect(proofSample(30_000, 10_000)?.level).toBe(4);
    expect(proofSample(20_000, 10_000)).toBeUndefined();
    expect(proofSample(10_001, 10_000)).toBeUndefined();
  });
});

describe('a proof on samples', () => {
  /** Counts in samples as a corpus whose `matches` spread evenly would: what each sample holds, up to the limit. */
  async function prove(expected: number, matches: number, cap = 10_000) {
    const tried: string[] = [];
    const proved = await provedOverCap(expected, cap, async (lexeme, limit) => {
      tried.push(lexeme);
      const level = Number(lexeme.match(/~s:(\d+)/)?.[1]);
      return Math.min(limit, Math.floor(matches / 2 ** level));
    });
    return { proved, tried };
  }

  it('is made on the sample the statistics choose when the phrases hold where the lexemes are', async () => {
    expect(await prove(400_000, 400_000)).toEqual({ proved: true, tried: ["'~s:12'"] });
  });

  it('moves to a denser sample when the first holds fewer matches than the statistics expected', async () => {
    // The lexemes in 100,000 documents, the phrase in 36,000: the sample of 1/1024 holds 35 (< 42), which
    // suggests ~36,000, enough for the sample of 1/256 (threshold 95, ~140 expected).
    expect(await prove(100_000, 36_000)).toEqual({ proved: true, tried: ["'~s:10'", "'~s:8'"] });
  });

  it('gives up, proving nothing, when the samples suggest a count near the cap', async () => {
    expect(await prove(100_000, 12_000)).toEqual({ proved: false, tried: ["'~s:10'"] });
    expect(await prove(100_000, 0)).toEqual({ proved: false, tried: ["'~s:10'"] });
    expect(await prove(15_000, 15_000)).toEqual({ proved: false, tried: [] });
  });
});

describe.each(testDatabaseTargets())('the sample lexemes (migration 0020) on $name', (target) => {
  let db: Database;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
  });

  afterAll(() => db.close());

  it('put each document in the sample of level k with probability 2^-k, each sample inside the one before', async () => {
    const documents = 1 << 16;
    const rows = await db.query<{ level: number; documents: number; outside: number }>(
      `SELECT level, count(*) FILTER (WHERE s @@ format('''~s:%s''', level)::tsquery)::int AS documents,
              count(*) FILTER (WHERE s @@ format('''~s:%s''', level)::tsquery
                                 AND level > 4 AND NOT s @@ format('''~s:%s''', level - 2)::tsquery)::int AS outside
       FROM (SELECT search_sample_tokens(id) AS s FROM generate_series(1, $1::bigint) AS id) AS d,
            unnest($2::int[]) AS level
       GROUP BY level ORDER BY level`,
      [documents, [...SAMPLE_LEVELS]],
    );
    expect(rows.map((row) => row.level)).toEqual([...SAMPLE_LEVELS].reverse());
    for (const row of rows) {
      const mean = documents / 2 ** row.level;
      // Five standard deviations: the hash is fixed, so this holds or fails the same way every run.
      expect(Math.abs(row.documents - mean), `level ${row.level}`).toBeLessThan(5 * Math.sqrt(mean) + 1);
      expect(row.outside).toBe(0);
    }
  });
});
