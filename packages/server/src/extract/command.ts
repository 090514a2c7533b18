import { parseArgs } from 'node:util';
import type { Command } from '../cli/commands';
import { extractFields } from './extract-fields';
import { readNoticeFile, resolveNoticePath } from './notice-file';

const USAGE = '用法：tender-server extract <公告文件> [--format auto|html|text] [--title 标题]';

function parseExtractArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { format: { type: 'string' }, title: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

/**
 * `tender-server extract FILE`: the fields of one saved notice (HTML or text, UTF-8 or GBK) as JSON, with the
 * keys of docs/data-format.md "Extracted fields". Needs no database.
 */
export const extractCommand: Command = {
  name: 'extract',
  summary:
    '从一篇公告（HTML 或纯文本文件）提取项目名称、编号、金额、采购人、截止时间等字段，输出 JSON；无需数据库',
  async run({ args, print }) {
    const { positionals, values } = parseExtractArgs(args);
    const [file, ...extra] = positionals;
    if (!file) throw new Error(`请指定要提取的公告文件。\n${USAGE}`);
    if (extra.length > 0) throw new Error(`一次只能提取一个文件，多出的参数：${extra.join(' ')}\n${USAGE}`);
    const format = values.format ?? 'auto';
    if (format !== 'auto' && format !== 'html' && format !== 'text') {
      throw new Error(`--format 只能是 auto、html 或 text，当前为 "${format}"`);
    }
    const input = readNoticeFile(resolveNoticePath(file));
    const fields = extractFields(input, { format, ...(values.title ? { title: values.title } : {}) });
    print(JSON.stringify(fields, null, 2));
  },
};
