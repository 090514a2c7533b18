import { parseArgs } from 'node:util';
import type { Command } from '../cli/commands';
import { realCorpusDir } from '../extract/accuracy-command';
import { resolveNoticePath } from '../extract/notice-file';
import { periodScoreText, scoreServicePeriods } from './period-accuracy';
import { backfillContractPeriods } from './queries';

/** `tender-server extract:period-accuracy [--dir DIR]`: the service-period extractor on the real notices. */
export const periodAccuracyCommand: Command = {
  name: 'extract:period-accuracy',
  summary: '在真实公告语料中已标注服务期的中标公告上统计服务期提取的准确率；无需数据库',
  async run({ args, print }) {
    const { values } = parseArgs({ args, options: { dir: { type: 'string' } } });
    print(periodScoreText(scoreServicePeriods(values.dir ? resolveNoticePath(values.dir) : realCorpusDir)));
  },
};

/** `tender-server renewal:backfill [--all]`: reads the period of the awards imported before migration 0033. */
export const renewalBackfillCommand: Command = {
  name: 'renewal:backfill',
  summary: '为迁移 0033 之前导入的中标公告读出服务期与预计到期日（--all：全部重读）',
  async run({ args, openDatabase, print }) {
    const { values } = parseArgs({ args, options: { all: { type: 'boolean' } } });
    const db = await openDatabase();
    try {
      const outcome = await backfillContractPeriods(db, { all: values.all ?? false });
      print(`已读中标公告 ${outcome.read} 条，其中写明服务期 ${outcome.withPeriod} 条`);
    } finally {
      await db.close();
    }
  },
};
