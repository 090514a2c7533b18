import { parseArgs } from 'node:util';
import { ingestBench } from './ingest-bench';
import { searchBench } from './search-bench';

const USAGE = `用法：npm run bench -- <search|ingest> [--db pglite|postgres] [--size N] [--ilike-every N] [--prepare]
  search  检索：PGlite 10 万条、PostgreSQL 100 万条（首次构建后缓存于 tooling/bench/.cache 与数据库 tender_bench）
  ingest  导入吞吐与每条存储：PGlite 5 万条、PostgreSQL 20 万条，所有索引就位
  PostgreSQL 地址：BENCH_DATABASE_URL（默认 postgres://postgres@127.0.0.1:5432/postgres）`;

/** `npm run bench -- <name>`: runs one benchmark and prints its figures as one line of JSON on stdout. */
export async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      size: { type: 'string' },
      'ilike-every': { type: 'string' },
      prepare: { type: 'boolean' },
    },
  });
  const [name] = positionals;
  const targets = values.db ? [values.db as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  if (!targets.every((target) => target === 'pglite' || target === 'postgres')) throw new Error(USAGE);
  const size = values.size ? Number(values.size) : undefined;
  let result: unknown;
  if (name === 'search') {
    result = await searchBench({
      targets: [...targets],
      size,
      ilikeEvery: values['ilike-every'] ? Number(values['ilike-every']) : undefined,
      prepare: values.prepare ?? false,
    });
  } else if (name === 'ingest') {
    result = await ingestBench({ targets: [...targets], size });
  } else {
    console.error(USAGE);
    process.exit(2);
  }
  console.info(JSON.stringify(result));
}
