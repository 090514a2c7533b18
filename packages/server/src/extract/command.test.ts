import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CommandContext, commands } from '../cli/commands';
import { readConfig } from '../config';
import { serverPackageRoot } from '../paths';

const fixtures = join(import.meta.dirname, 'fixtures');
const scratch = mkdtempSync(join(tmpdir(), 'tender-extract-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function runExtract(args: string[]): Promise<string[]> {
  const command = commands.find((candidate) => candidate.name === 'extract');
  if (!command) throw new Error('no extract command');
  const printed: string[] = [];
  const context: CommandContext = {
    config: readConfig({}, scratch),
    args,
    print: (line) => printed.push(line),
    openDatabase: () => Promise.reject(new Error('extract must not open the database')),
  };
  await command.run(context);
  return printed;
}

describe('tender-server extract', () => {
  it('prints the fields of a notice as JSON, without a database', async () => {
    const printed = await runExtract([join(fixtures, '10-zbjg-multi-lot.html')]);
    const expected = JSON.parse(readFileSync(join(fixtures, '10-zbjg-multi-lot.expected.json'), 'utf8'));
    expect(JSON.parse(printed.join('\n'))).toEqual(expected);
  });

  it('reads GBK files, which many Chinese sites still serve', async () => {
    const path = join(scratch, 'gbk.txt');
    // "项目编号：GBK-2025-01" in GBK.
    writeFileSync(path, Buffer.from('cfeec4bfb1e0bac5a3ba47424b2d323032352d3031', 'hex'));
    const [json = ''] = await runExtract([path]);
    expect(JSON.parse(json)).toMatchObject({ projectCode: 'GBK-2025-01' });
  });

  it('takes a title and a format', async () => {
    const path = join(scratch, 'body.txt');
    writeFileSync(path, '预算金额：12万元');
    const [json = ''] = await runExtract([path, '--title', '某某项目询价公告', '--format', 'text']);
    expect(JSON.parse(json)).toMatchObject({ announcementType: 'zb', procurementMethod: 'xj' });
  });

  it.each([
    [[join(scratch, 'missing.html')], /找不到文件 .*missing\.html/],
    [[scratch], /是一个目录/],
    [[], /请指定要提取的公告文件/],
    [['a.txt', 'b.txt'], /一次只能提取一个文件/],
    [['a.txt', '--format', 'pdf'], /--format 只能是/],
  ])('refuses %j with a Chinese message', async (args, message) => {
    await expect(runExtract(args)).rejects.toThrow(message);
  });

  it('exits 1 with the message on stderr when the file is missing', () => {
    const tsx = join(serverPackageRoot, 'node_modules', '.bin', 'tsx');
    const result = spawnSync(tsx, ['src/cli.ts', 'extract', 'no-such-notice.html'], {
      cwd: serverPackageRoot,
      encoding: 'utf8',
      env: { ...process.env, INIT_CWD: scratch },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`extract 失败：找不到文件 ${join(scratch, 'no-such-notice.html')}`);
    expect(result.stdout).toBe('');
  });
});
