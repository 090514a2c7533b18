import { parseArgs } from 'node:util';
import { analysisBench } from './analysis-bench';
import { curve } from './curve';
import { exportBench } from './export-bench';
import { ingestBench } from './ingest-bench';
import { loadBench, parseMix } from './load-bench';
import { matchingBench } from './matching-bench';
import { startReplica, stopReplica } from './replica';
import { searchBench } from './search-bench';

const USAGE = `用法：npm run bench -- <search|ingest|export|analysis|matching|load|replica> [--db pglite|postgres] [--size N] [--baselines-every N] [--prepare]
  search  检索：PGlite 10 万条、PostgreSQL 100 万条（首次构建后缓存于 tooling/bench/.cache 与数据库 tender_bench）
  ingest  导入吞吐与每条存储：PGlite 5 万条、PostgreSQL 20 万条，所有索引就位
  export  10 万行数据导出（流式 .xlsx）的耗时与峰值内存，对照内存中整本工作簿 [--rows N]
  analysis  市场分析（月度汇总表）p95，100 万条 PostgreSQL，对照直接聚合 [--baseline-every N]
           （数据库 tender_bench_analysis，首次运行时由 tender_bench 复制）
  matching  订阅匹配：10 万用户 × 10 组 × 5 词（语料词表，Zipf 分布）对 1 万条信息，对照逐条规则的朴素循环
           [--users N] [--items N] [--naive-sample N] [--popularity random|frequency]
           （朴素循环只跑样本条数并外推）
  load    负载：已构建的服务在 PGlite 与 PostgreSQL 上各跑 60 秒混合请求（检索、详情、订阅、订单状态轮询），
          对照同一轮的 GET /healthz，之后核对额度计数与订单状态 [--duration S] [--baseline-duration S] [--connections N] [--size N] [--mix search=30,detail=30,…]
          [--processes N]（PostgreSQL 上的 API 进程数，默认 1）
  search、load 还可用 --sizes 100000,300000,1000000（每个规模各跑一次，打印规模与耗时、吞吐的曲线）
          与 --replica（PostgreSQL 上可读副本承担的读取走 replica start 建的副本）；
          load --base search：以检索基准同规模的语料库（search --prepare --size N）为底库
  replica start|stop  本机主库的流复制副本（pg_basebackup，端口 BENCH_REPLICA_PORT，默认 5433）[--shared-buffers 4GB]
  PostgreSQL 地址：BENCH_DATABASE_URL（默认 postgres://postgres@127.0.0.1:5432/postgres）`;

/** `npm run bench -- <name>`: runs one benchmark and prints its figures as one line of JSON on stdout. */
export async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      size: { type: 'string' },
      'baselines-every': { type: 'string' },
      prepare: { type: 'boolean' },
      rows: { type: 'string' },
      'baseline-every': { type: 'string' },
      users: { type: 'string' },
      items: { type: 'string' },
      'naive-sample': { type: 'string' },
      popularity: { type: 'string' },
      duration: { type: 'string' },
      'baseline-duration': { type: 'string' },
      connections: { type: 'string' },
      'users-per-level': { type: 'string' },
      mix: { type: 'string' },
      processes: { type: 'string' },
      sizes: { type: 'string' },
      replica: { type: 'boolean' },
      'shared-buffers': { type: 'string' },
      base: { type: 'string' },
    },
  });
  const [name] = positionals;
  const targets = values.db ? [values.db as 'pglite' | 'postgres'] : (['pglite', 'postgres'] as const);
  if (!targets.every((target) => target === 'pglite' || target === 'postgres')) throw new Error(USAGE);
  const sizes = values.sizes?.split(',').map(Number);
  if (sizes && !sizes.every((value) => Number.isInteger(value) && value > 0)) throw new Error(USAGE);
  const size = values.size ? Number(values.size) : undefined;
  const search = (size: number | undefined) =>
    searchBench({
      targets: [...targets],
      size,
      baselinesEvery: values['baselines-every'] ? Number(values['baselines-every']) : undefined,
      prepare: values.prepare ?? false,
      replica: values.replica ?? false,
    });
  const load = (size: number | undefined) =>
    loadBench({
      targets: [...targets],
      size,
      duration: values.duration ? Number(values.duration) : undefined,
      baselineDuration: values['baseline-duration'] ? Number(values['baseline-duration']) : undefined,
      connections: values.connections ? Number(values.connections) : undefined,
      usersPerLevel: values['users-per-level'] ? Number(values['users-per-level']) : undefined,
      mix: values.mix ? parseMix(values.mix) : undefined,
      processes: values.processes ? Number(values.processes) : undefined,
      replica: values.replica ?? false,
      base: values.base === 'search' ? 'search' : 'demo',
    });
  let result: unknown;
  if (name === 'search') {
    result = sizes ? await curve('search', sizes, search) : await search(size);
  } else if (name === 'load') {
    result = sizes ? await curve('load', sizes, load) : await load(size);
  } else if (name === 'replica' && positionals[1] === 'start') {
    await startReplica(values['shared-buffers'] ?? '4GB');
    result = { replica: 'started' };
  } else if (name === 'replica' && positionals[1] === 'stop') {
    await stopReplica();
    result = { replica: 'stopped' };
  } else if (name === 'ingest') {
    result = await ingestBench({ targets: [...targets], size });
  } else if (name === 'export') {
    result = await exportBench({ rows: values.rows ? Number(values.rows) : undefined });
  } else if (name === 'analysis') {
    result = await analysisBench({
      baselineEvery: values['baseline-every'] ? Number(values['baseline-every']) : undefined,
    });
  } else if (name === 'matching') {
    result = await matchingBench({
      users: values.users ? Number(values.users) : undefined,
      items: values.items ? Number(values.items) : undefined,
      naiveSample: values['naive-sample'] ? Number(values['naive-sample']) : undefined,
      popularity: values.popularity === 'frequency' ? 'frequency' : 'random',
    });
  } else {
    console.error(USAGE);
    process.exit(2);
  }
  console.info(JSON.stringify(result));
}
