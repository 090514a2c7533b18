// For the export and analysis benchmarks: the workbook writer and reader, the export rows, market analysis.
export { addMonths, type MarketInput, marketAnalysis } from './analysis/market';
export type { ServerDependencies } from './app';
export { buildServer } from './app';
export type { ServerConfig } from './config';
export { readConfig } from './config';
// For the matching benchmark: the demo corpus, the subscription matcher and the search's word segmentation.
export { generateCorpus } from './corpus/generator';
// For the benchmarks (tooling/bench) and the client integration tests (tooling/client-integration): the database, migrations and the search's own keyword handling.
export type { Database, Queryable } from './db/database';
export { migrate, readMigrations } from './db/migrate';
export { openPGlite } from './db/pglite';
export { openPostgres } from './db/postgres';
export { EXPORT_COLUMNS, exportRows } from './export/rows';
export { readXlsx } from './export/xlsx-reader';
export { type CellValue, writeXlsx } from './export/xlsx-writer';
export { CompiledRules, type MatchItem, type MatchRule, normalizeKeyword } from './matching/matcher';
export { migrationsDir, serverPackageRoot } from './paths';
export { purchaseContent } from './search/purchase-content';
export { matchSpec, splitKeywords } from './search/query';
export { explainSearch, searchIndex } from './search/search-index';
export { normalizeForSearch, wordTokens } from './search/tokens';
export { tenantService } from './tenants/service';
