import { commands } from './cli/commands';
import { readConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import { repositoryRoot } from './paths';
import { isProduction, productionProblems } from './production-checks';

function usage(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    '用法：tender-server <命令> [参数]',
    '',
    '命令：',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    `  ${'help'.padEnd(width)}  显示本说明`,
  ].join('\n');
}

const [name = 'start', ...args] = process.argv.slice(2);
if (name === 'help' || name === '--help' || name === '-h') {
  console.info(usage());
  process.exit(0);
}
const command = commands.find((candidate) => candidate.name === name);
if (!command) {
  console.error(`未知命令 "${name}"。\n\n${usage()}`);
  process.exit(2);
}

// Before the configuration is read, whose first refusal would hide the others: every problem, one line each.
if (command.keepsRunning && isProduction(process.env)) {
  const problems = productionProblems(process.env);
  if (problems.length > 0) {
    console.error(
      `${command.name} 失败：生产环境（TENDER_ENV=production）有 ${problems.length} 项配置不可用于正式服务：`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
}

let db: Database | undefined;
try {
  const config = readConfig(process.env, repositoryRoot);
  await command.run({
    config,
    args,
    print: (line) => console.info(line),
    openDatabase: async () => {
      db = await openDatabase(config);
      return db;
    },
  });
  if (!command.keepsRunning) process.exit(0);
} catch (error) {
  console.error(`${command.name} 失败：${error instanceof Error ? error.message : String(error)}`);
  await db?.close().catch(() => {});
  process.exit(1);
}
