// Per-field accuracy of the field extractor (src/extract) over its fixtures: `npm run extract:accuracy`.
// Prints the tables recorded in docs/performance.md "Field extraction".
import { join } from 'node:path';
import { accuracyTable, measureAccuracy, readFixtures } from '../src/extract/accuracy';

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
