import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Command } from '../cli/commands';
import { serverPackageRoot } from '../paths';
import { resolveNoticePath } from './notice-file';
import { partTable, scoreCorpus } from './real-corpus';

const USAGE = '用法：tender-server extract:accuracy [--dir 语料目录]';

/** The corpus of real notices committed with the server (src/extract/real). */
export const realCorpusDir = join(serverPackageRoot, 'src', 'extract', 'real');

/**
 * `tender-server extract:accuracy [--dir DIR]`: per-field accuracy of the extractor on the development and
 * held-out parts of a corpus of real notices laid out as src/extract/real (README there); by default that one.
 */
export const extractAccuracyCommand: Command = {
  name: 'extract:accuracy',
  summary: '在真实公告语料（开发集与保留集）上逐字段统计字段提取的准确率；无需数据库',
  async run({ args, print }) {
    let dir = realCorpusDir;
    try {
      const { values, positionals } = parseArgs({
        args,
        options: { dir: { type: 'string' } },
        allowPositionals: true,
      });
      if (positionals.length > 0) throw new Error(`多出的参数：${positionals.join(' ')}`);
      if (values.dir) dir = resolveNoticePath(values.dir);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    }
    for (const part of scoreCorpus(dir)) {
      print(partTable(part));
      print('');
    }
  },
};
