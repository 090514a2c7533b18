import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FileLine, fingerprinter, MAX_LINE_BYTES, readLines } from './ndjson';

const dir = mkdtempSync(join(tmpdir(), 'tender-ndjson-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function linesOf(content: string | Buffer): Promise<FileLine[]> {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.ndjson`);
  writeFileSync(path, content);
  const lines: FileLine[] = [];
  for await (const line of readLines(path)) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('numbers lines as editors do, with CRLF, a byte-order mark and no final newline', async () => {
    expect(await linesOf('\uFEFF{"a":1}\r\n\r\n{"b":"二"}')).toEqual([
      { number: 1, text: '{"a":1}' },
      { number: 2, text: '' },
      { number: 3, text: '{"b":"二"}' },
    ]);
    expect(await linesOf('x\n')).toEqual([{ number: 1, text: 'x' }]);
    expect(await linesOf('')).toEqual([]);
  });

  it('keeps multi-byte characters whole across read chunks', async () => {
    // 100,000 three-byte characters cross several 64 KiB chunks at odd offsets.
    const long = '招标'.repeat(50_000);
    const lines = await linesOf(`a\n${long}\nb`);
    expect(lines.map((line) => line.text)).toEqual(['a', long, 'b']);
  });

  it('refuses a line longer than the limit without holding it, and goes on after it', async () => {
    const lines = await linesOf(
      Buffer.concat([Buffer.from('a\n'), Buffer.alloc(MAX_LINE_BYTES + 10, 0x78), Buffer.from('\nb\n')]),
    );
    expect(lines).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: undefined },
      { number: 3, text: 'b' },
    ]);
  });

  it('fingerprints the bytes it reads', async () => {
    const path = join(dir, 'fingerprint.ndjson');
    writeFileSync(path, 'x\ny\n');
    const first = fingerprinter();
    for await (const _line of readLines(path, first.onBytes)) {
      // read through
    }
    writeFileSync(path, 'x\nz\n');
    const second = fingerprinter();
    for await (const _line of readLines(path, second.onBytes)) {
      // read through
    }
    expect(first.digest()).toMatch(/^[0-9a-f]{64}$/);
    expect(first.digest()).not.toBe(second.digest());
  });
});
