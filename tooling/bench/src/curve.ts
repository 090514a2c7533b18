import { log } from './setup';

/**
 * How cost grows with the corpus (issue 34): one benchmark run per size in one command (`--sizes`), and one row
 * per size of the figures that say it — search: p50/p95 of the endpoint and its CPU per query; load: requests/s,
 * p50/p99 and the mix's share of `/healthz`.
 */
export async function curve(
  benchmark: 'search' | 'load',
  sizes: readonly number[],
  runAt: (size: number) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const runs: Record<string, unknown>[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const size of sizes) {
    const result = await runAt(size);
    runs.push(result);
    for (const database of ['pglite', 'postgres'] as const) {
      // biome-ignore lint/suspicious/noExplicitAny: a run's JSON, read field by field
      const figures = result[database] as Record<string, any> | undefined;
      if (!figures) continue;
      const row =
        benchmark === 'search'
          ? {
              database,
              items: size,
              readsFrom: figures.readsFrom,
              p50Ms: figures.endpointMs.p50,
              p95Ms: figures.endpointMs.p95,
              cpuMsPerQuery: figures.cpu.perQuery.totalMs.mean,
              postgresCpuMsPerQuery: figures.cpu.postgresMsPerQueryWithWorkers,
            }
          : {
              database,
              items: size,
              apiProcesses: figures.apiProcesses,
              readsFrom: figures.readsFrom,
              requestsPerSecond: figures.mix.requestsPerSecond,
              p50Ms: figures.mix.p50Ms,
              p99Ms: figures.mix.p99Ms,
              errors: figures.mix.errors,
              healthzRequestsPerSecond: figures.baseline.requestsPerSecond,
              shareOfHealthz: figures.ratio.mixOverBaselineThroughput,
              consistent: figures.consistency.consistent,
            };
      rows.push(row);
      log(
        `curve: ${Object.entries(row)
          .map(([key, value]) => `${key} ${value}`)
          .join(', ')}`,
      );
    }
  }
  return { benchmark, curve: rows, runs };
}
