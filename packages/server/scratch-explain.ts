import { openPostgres } from './src/db/postgres';
import { postgresSearchIndex } from './src/search/search-index';
import { splitKeywords } from './src/search/query';

const db = await openPostgres('postgres://postgres@127.0.0.1:5432/tender_bench');
const [, , text, mode = 'precise', scope = 'content', analyze = 'no'] = process.argv;
const request = { keywords: splitKeywords(text), mode: mode as any, scope: scope as any, offset: 0, limit: 20, countCap: 10000 };
const original = db.query.bind(db);
let trace = false;
(db as any).query = async (sql: string, params?: unknown[]) => {
  const t = performance.now();
  const rows = await original(sql, params);
  if (trace) {
    const inner = (params?.[0] as string) ?? sql;
    console.log(`  ${(performance.now() - t).toFixed(1)} ms  ${inner.replace(/\s+/g, ' ').slice(0, 400)}`);
    if (analyze === 'yes' && params?.[0]) {
      const plan = await original(`EXPLAIN (ANALYZE, BUFFERS) ${params[0]}`);
      console.log(plan.map((r: any) => r['QUERY PLAN']).join('\n'));
    }
  }
  return rows;
};
for (let i = 0; i < 2; i++) {
  trace = i === 1;
  const t = performance.now();
  const r = await postgresSearchIndex.search(db, request);
  console.log('search', (performance.now() - t).toFixed(1), 'ms total', r.total, r.itemIds.length);
}
await db.close();
