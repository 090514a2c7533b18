import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type NoticeFacts, sameNotice, sameProject } from '../tenders/duplicates';

const here = join(import.meta.dirname, 'real-pairs');
const notices = join(import.meta.dirname, '../extract/real/notices');
const cases = JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8'));

function facts(name: string): NoticeFacts {
  const label = JSON.parse(readFileSync(join(notices, `${name}.label.json`), 'utf8'));
  const meta = JSON.parse(readFileSync(join(notices, `${name}.meta.json`), 'utf8'));
  const own = cases.notices[name];
  return {
    title: own.title,
    docType: own.docType,
    projectCode: label.projectCode,
    projectName: label.projectName,
    purchaser: label.purchaser || null,
    amountFen: label.budgetFen,
    publishDate: meta.publishDate ?? '2000-01-01',
  };
}

type Pair = { a: string; b: string };
const pairsOfChain = (chain: { notices: string[] }): Pair[] =>
  chain.notices.flatMap((a, i) => chain.notices.slice(i + 1).map((b) => ({ a, b })));

function score(match: (a: NoticeFacts, b: NoticeFacts) => boolean, positive: Pair[], negative: Pair[]) {
  const found = positive.filter(({ a, b }) => match(facts(a), facts(b))).length;
  const falseMerges = negative.filter(({ a, b }) => match(facts(a), facts(b))).length;
  return { positive: positive.length, found, negative: negative.length, falseMerges };
}

describe('cross-source duplicates and project chains on real notices (docs/performance.md)', () => {
  it('never merges a notice with its result or two notices of one purchaser', () => {
    const figures = score(sameNotice, cases.duplicates, cases.notDuplicates);
    process.stdout.write(`duplicates: ${JSON.stringify(figures)}\n`);
    expect(figures.falseMerges).toBe(0);
    expect(figures.found).toBe(figures.positive);
  });

  it('links the notices of one project and only those', () => {
    const figures = score(sameProject, cases.chains.flatMap(pairsOfChain), cases.notChained);
    process.stdout.write(`chains: ${JSON.stringify(figures)}\n`);
    expect(figures.found).toBe(figures.positive);
    expect(figures.falseMerges).toBe(0);
  });
});
