import { generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { createRun, findDemoRun, type IngestRun } from './queries';
import { validateRecord } from './record';
import { type IngestOptions, type IngestOutcome, ingestRecords, type NumberedRecord } from './service';

/** The seed of the demo corpus `npm start` loads; any other seed gives another, equally valid corpus. */
export const DEMO_SEED = 'tender-demo';

export interface DemoLoadOptions extends IngestOptions {
  /** DEMO_SIZE: items to generate; 0 records the decision to have no demo data. */
  size: number;
  /** The corpus's last publishing day ('YYYY-MM-DD'), normally the first start's date in China. */
  until: string;
  seed?: string;
}

export type DemoLoadResult =
  /** The first start decided already (loaded, or DEMO_SIZE was 0): nothing to do. */
  | { status: 'skipped'; run: IngestRun }
  | ({ status: 'done' | 'interrupted'; run: IngestRun; resumed: boolean } & Omit<IngestOutcome, 'completed'>);

/** The corpus of a run, validated like an imported file, numbered from 1, after the run's checkpoint. */
function* demoRecords(run: IngestRun): Generator<NumberedRecord> {
  let line = 0;
  for (const input of generateCorpus({
    seed: run.demoSeed ?? DEMO_SEED,
    size: run.totalLines,
    until: run.demoUntil ?? undefined,
  })) {
    line += 1;
    if (line <= run.committedLines) continue;
    const validation = validateRecord(input);
    if (!validation.ok) {
      // The generator writes the import format; a record it cannot pass is a bug to fix, not data to skip.
      throw new Error(`演示数据第 ${line} 条不符合导入格式：${JSON.stringify(validation.problems)}`);
    }
    yield { line, record: validation.record };
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * Loads the demo corpus once per database: the first start records its decision (DEMO_SIZE, seed and reference
 * date, 0 included) and loads; later starts skip, even with another DEMO_SIZE, so demo data never lands in a
 * database that started without it. An interrupted load resumes with the very same items.
 */
export async function loadDemoCorpus(db: Database, options: DemoLoadOptions): Promise<DemoLoadResult> {
  let run = await findDemoRun(db);
  if (run?.status === 'done') return { status: 'skipped', run };
  const resumed = run !== undefined;
  if (!run) {
    const seed = options.seed ?? DEMO_SEED;
    try {
      run = await createRun(db, {
        kind: 'demo',
        source: `demo corpus seed=${seed} size=${options.size} until=${options.until}`,
        fingerprint: `demo:${seed}:${options.size}:${options.until}`,
        totalLines: options.size,
        demoSeed: seed,
        demoUntil: options.until,
        done: options.size === 0,
      });
    } catch (error) {
      // Another node sharing the PostgreSQL made the decision a moment ago: it loads, this one serves.
      const decided = isUniqueViolation(error) ? await findDemoRun(db) : undefined;
      if (decided) return { status: 'skipped', run: decided };
      throw error;
    }
    if (run.status === 'done') return { status: 'skipped', run };
  }
  const { completed, ...counts } = await ingestRecords(db, run, demoRecords(run), options);
  return { status: completed ? 'done' : 'interrupted', run, resumed, ...counts };
}
