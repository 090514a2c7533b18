import { once } from 'node:events';
import { createWriteStream, openSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { toEpochMillis } from '@tender/domain';
import type { Command } from '../cli/commands';
import { DEMO_SEED } from '../ingest/demo';
import { messages } from '../messages';
import { generateCorpus } from './generator';

const text = messages.ingest;

/**
 * `tender-server corpus --size N [--seed S] [--until YYYY-MM-DD] [--out FILE]`: the demo corpus as an importable
 * file, for tests, benchmarks and trying the importer. Writes to FILE, or stdout, with backpressure; needs no
 * database.
 */
export const corpusCommand: Command = {
  name: 'corpus',
  summary:
    '把演示数据写成可导入的 NDJSON：corpus --size N [--seed S] [--until YYYY-MM-DD] [--out 文件.ndjson]',
  async run({ args }) {
    let values: { size?: string; seed?: string; until?: string; out?: string };
    try {
      ({ values } = parseArgs({
        args,
        options: {
          size: { type: 'string' },
          seed: { type: 'string' },
          until: { type: 'string' },
          out: { type: 'string', short: 'o' },
        },
      }));
    } catch (error) {
      throw new Error(
        `${text.unknownOption(error instanceof Error ? error.message : String(error))}\n${text.corpusUsage}`,
      );
    }
    if (values.size === undefined) throw new Error(text.corpusUsage);
    const size = Number(values.size);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(text.badSize);
    if (
      values.until !== undefined &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(values.until) || !toEpochMillis(values.until))
    ) {
      throw new Error(text.badUntil);
    }
    // Opened here, synchronously, so a path that cannot be written fails the command with its reason.
    const out = values.out ? createWriteStream('', { fd: openSync(values.out, 'w') }) : process.stdout;
    let chunk = '';
    for (const record of generateCorpus({ seed: values.seed ?? DEMO_SEED, size, until: values.until })) {
      chunk += `${JSON.stringify(record)}\n`;
      if (chunk.length < 64 * 1024) continue;
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
    // The callback fires once the data is handed to the OS: the process may then exit without losing output.
    await new Promise<void>((resolve, reject) =>
      out.write(chunk, (error) => (error ? reject(error) : resolve())),
    );
    if (out !== process.stdout) await new Promise<void>((resolve) => out.end(resolve));
  },
};
