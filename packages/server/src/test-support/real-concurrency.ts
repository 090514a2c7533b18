import { it } from 'vitest';
import type { TestDatabaseTarget } from './databases';

/**
 * A test of requests racing each other: run on PostgreSQL only. PGlite has one connection, so "concurrent"
 * requests run one after another there and a pass would prove nothing about the race. Its name ends in
 * `(PostgreSQL: real concurrency)`, so a report shows where it ran.
 */
export function raceTest(
  target: TestDatabaseTarget,
  name: string,
  test: () => Promise<void>,
  timeout?: number,
) {
  return it.skipIf(target.name !== 'postgres')(`${name} (PostgreSQL: real concurrency)`, test, timeout);
}
