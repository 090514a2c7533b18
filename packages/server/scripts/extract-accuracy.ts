// Per-field accuracy of the field extractor (src/extract) over its fixtures and over the corpus of real notices
// (src/extract/real, the figures `tender-server extract:accuracy` prints): `npm run extract:accuracy`.
// Prints the tables recorded in docs/performance.md "Field extraction".
import { join } from 'node:path';
import { accuracyTable, measureAccuracy, readFixtures } from '../src/extract/accuracy';
import { realCorpusDir } from '../src/extract/accuracy-command';
import { partTable, scoreCorpus } from '../src/extract/real-corpus';

const fixtures = join(import.meta.dirname, '..', 'src', 'extract', 'fixtures');
const sets = [
  {
    title: 'Fixtures (the extractor was developed against these; the tests assert every field)',
    dir: fixtures,
  },
  {
    title: 'Hold-out notices (written after the extractor; measured, not tuned for)',
    dir: join(fixtures, 'holdout'),
  },
];

for (const set of sets) {
  const cases = readFixtures(set.dir);
  console.info(`${set.title}: ${cases.length} notices\n`);
  console.info(accuracyTable(measureAccuracy(cases)));
  console.info('');
}

console.info('Real public notices (src/extract/real), split by site\n');
for (const part of scoreCorpus(realCorpusDir)) {
  console.info(partTable(part));
  console.info('');
}
