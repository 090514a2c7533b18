import { readManifest, readRealNotices } from '../extract/real-corpus';
import { extractServicePeriod } from './service-period';

/**
 * The period extractor scored on the real-notice corpus (src/extract/real): every notice whose label has a
 * `servicePeriod` (award notices; any label file, whoever added it). Stated: found when the months agree within
 * half a month (a year of 365 days is 12); not stated: found when nothing is extracted.
 */
export interface PeriodScore {
  notices: number;
  stated: number;
  correct: number;
  absent: number;
  nullWhenAbsent: number;
  /** Per part of the site split. */
  parts: Record<string, { notices: number; correct: number }>;
  failures: { name: string; want: string; got: string }[];
}

const MONTHS_TOLERANCE = 0.5;

export function scoreServicePeriods(dir: string): PeriodScore {
  const manifest = readManifest(dir);
  const score: PeriodScore = {
    notices: 0,
    stated: 0,
    correct: 0,
    absent: 0,
    nullWhenAbsent: 0,
    parts: {},
    failures: [],
  };
  for (const notice of readRealNotices(dir)) {
    const want = notice.label.servicePeriod;
    if (want === undefined) continue;
    const got = extractServicePeriod(notice.input);
    const right =
      want === null ? got === null : got !== null && Math.abs(got.months - want.months) <= MONTHS_TOLERANCE;
    score.notices += 1;
    if (want === null) {
      score.absent += 1;
      if (right) score.nullWhenAbsent += 1;
    } else {
      score.stated += 1;
      if (right) score.correct += 1;
    }
    const part = manifest.sites[notice.meta.site] ?? 'unknown';
    const partScore = score.parts[part] ?? { notices: 0, correct: 0 };
    partScore.notices += 1;
    if (right) partScore.correct += 1;
    score.parts[part] = partScore;
    if (!right) {
      score.failures.push({
        name: notice.name,
        want: want ? `${want.text} (${want.months})` : 'null',
        got: got ? `${got.text} (${got.months})` : 'null',
      });
    }
  }
  return score;
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? '—' : `${((numerator / denominator) * 100).toFixed(1)}% (${numerator}/${denominator})`;

/** The score as the command prints it and docs/performance.md keeps it. */
export function periodScoreText(score: PeriodScore): string {
  return [
    `servicePeriod: ${score.notices} award notices labelled`,
    `- accuracy where stated: ${ratio(score.correct, score.stated)}`,
    `- null where not stated: ${ratio(score.nullWhenAbsent, score.absent)}`,
    `- overall: ${ratio(score.correct + score.nullWhenAbsent, score.notices)}`,
    ...Object.entries(score.parts).map(
      ([part, { notices, correct }]) => `- ${part}: ${ratio(correct, notices)}`,
    ),
    ...score.failures.map((failure) => `  ✗ ${failure.name}: want ${failure.want}, got ${failure.got}`),
  ].join('\n');
}
