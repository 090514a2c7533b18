import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { messages } from '../messages';
import { type RecordValidation, validateRecord } from './record';

/** Longer lines are refused, not buffered: a file without newlines must not exhaust memory. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface FileLine {
  /** 1-based, as editors count. */
  number: number;
  /** The line without its line break; undefined when it exceeded MAX_LINE_BYTES. */
  text: string | undefined;
}

const NEWLINE = 0x0a;

function lineText(pieces: Buffer[], number: number): string {
  let text = Buffer.concat(pieces).toString('utf8');
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (number === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
  return text;
}

/**
 * The lines of a file, read with backpressure (the next chunk is read when the consumer asks), so a file of any
 * size streams in constant memory. Splitting on the newline byte is safe in UTF-8: it never occurs inside a
 * multi-byte character. `onBytes` sees every byte read (the fingerprint).
 */
export async function* readLines(path: string, onBytes?: (chunk: Buffer) => void): AsyncGenerator<FileLine> {
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let number = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    onBytes?.(chunk);
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      number += 1;
      if (tooLong || pendingBytes + end - start > MAX_LINE_BYTES) {
        yield { number, text: undefined };
      } else {
        pieces.push(chunk.subarray(start, end));
        yield { number, text: lineText(pieces, number) };
      }
      pieces = [];
      pendingBytes = 0;
      tooLong = false;
      start = end + 1;
    }
    if (start < chunk.length && !tooLong) {
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) {
        tooLong = true;
        pieces = [];
      } else {
        // Copy: the stream may reuse the chunk's memory once we let go of it.
        pieces.push(Buffer.from(chunk.subarray(start)));
      }
    }
  }
  if (pieces.length || tooLong) {
    number += 1;
    yield { number, text: tooLong ? undefined : lineText(pieces, number) };
  }
}

/** What one line holds: nothing (a blank line), a valid record, or the problems that reject it. */
export type ParsedLine = { kind: 'blank' } | ({ kind: 'record' } & RecordValidation);

export function parseLine(line: FileLine): ParsedLine {
  const text = messages.ingest;
  if (line.text === undefined) {
    return {
      kind: 'record',
      ok: false,
      problems: [{ field: text.wholeLine, reason: text.lineTooLong(MAX_LINE_BYTES / 1024 / 1024) }],
    };
  }
  if (line.text.trim() === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'record', ok: false, problems: [{ field: text.wholeLine, reason: text.notJson(detail) }] };
  }
  return { kind: 'record', ...validateRecord(value) };
}

/** sha256 of everything `onBytes` is fed: identifies a file's content for resuming. */
export function fingerprinter() {
  const hash = createHash('sha256');
  let digest: string | undefined;
  return {
    onBytes: (chunk: Buffer) => {
      hash.update(chunk);
    },
    digest: () => {
      digest ??= hash.digest('hex');
      return digest;
    },
  };
}
