import { resolve } from 'node:path';
import type { Database } from '../db/database';
import { messages } from '../messages';
import { fingerprinter, parseLine, readLines } from './ndjson';
import { createRun, findUnfinishedRun } from './queries';
import type { FieldProblem } from './record';
import { type IngestOptions, type IngestOutcome, ingestRecords, type NumberedRecord } from './service';

export interface RejectedLine {
  line: number;
  problems: FieldProblem[];
}

export interface ValidatedFile {
  /** sha256 of the content: the same file resumes its unfinished import. */
  fingerprint: string;
  totalLines: number;
  records: number;
  rejectedLines: number;
  /** The first rejections (all of them are passed to `onRejected`). */
  rejections: RejectedLine[];
}

export interface ValidateOptions {
  /** Every rejected line, as it is found: the report. */
  onRejected?: (rejection: RejectedLine) => void;
  /** How many rejections the result keeps in memory (default 1000). */
  keepRejections?: number;
}

/** Pass 1: reads the whole file, checks every line and fingerprints it, writing nothing. */
export async function validateFile(path: string, options: ValidateOptions = {}): Promise<ValidatedFile> {
  const keep = options.keepRejections ?? 1000;
  const fingerprint = fingerprinter();
  const result: ValidatedFile = {
    fingerprint: '',
    totalLines: 0,
    records: 0,
    rejectedLines: 0,
    rejections: [],
  };
  for await (const line of readLines(path, fingerprint.onBytes)) {
    result.totalLines = line.number;
    const parsed = parseLine(line);
    if (parsed.kind === 'blank') continue;
    if (parsed.ok) {
      result.records += 1;
      continue;
    }
    const rejection = { line: line.number, problems: parsed.problems };
    result.rejectedLines += 1;
    if (result.rejections.length < keep) result.rejections.push(rejection);
    options.onRejected?.(rejection);
  }
  result.fingerprint = fingerprint.digest();
  return result;
}

/** Pass 2: the records after the checkpoint, parsed again (the file was validated as a whole). */
async function* recordsAfter(path: string, committedLines: number): AsyncGenerator<NumberedRecord> {
  for await (const line of readLines(path)) {
    if (line.number <= committedLines) continue;
    const parsed = parseLine(line);
    if (parsed.kind === 'blank') continue;
    if (!parsed.ok) {
      const [problem] = parsed.problems;
      throw new Error(
        `文件在校验后被修改：${messages.ingest.rejectedLine(line.number, problem?.field ?? '', problem?.reason ?? '')}`,
      );
    }
    yield { line: line.number, record: parsed.record };
  }
}

export type ImportResult =
  | { status: 'rejected'; validation: ValidatedFile }
  | { status: 'empty'; validation: ValidatedFile }
  | ({ status: 'done' | 'interrupted'; validation: ValidatedFile; runId: number; resumed: boolean } & Omit<
      IngestOutcome,
      'completed'
    >);

export interface ImportOptions extends IngestOptions, ValidateOptions {
  /** Called between the passes: validation is over, writing starts (or resumes). */
  onValidated?: (validation: ValidatedFile, resumedFromLine: number) => void;
}

/**
 * Imports an NDJSON file (docs/data-format.md): all or nothing at the level of the file's content — one rejected
 * line and nothing is written — and resumable at the level of batches: an interrupted import of the same content
 * continues after its last committed batch. Duplicates (source id, then normalised title + project code +
 * purchaser + publish date) are skipped, so importing a file twice adds nothing.
 */
export async function importFile(
  db: Database,
  path: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const validation = await validateFile(path, options);
  if (validation.rejectedLines > 0) return { status: 'rejected', validation };
  if (validation.records === 0) return { status: 'empty', validation };

  const unfinished = await findUnfinishedRun(db, validation.fingerprint);
  const run =
    unfinished ??
    (await createRun(db, {
      kind: 'file',
      source: resolve(path),
      fingerprint: validation.fingerprint,
      totalLines: validation.totalLines,
    }));
  options.onValidated?.(validation, run.committedLines);
  const outcome = await ingestRecords(db, run, recordsAfter(path, run.committedLines), options);
  const { completed, ...counts } = outcome;
  return {
    status: completed ? 'done' : 'interrupted',
    validation,
    runId: run.id,
    resumed: unfinished !== undefined,
    ...counts,
  };
}
