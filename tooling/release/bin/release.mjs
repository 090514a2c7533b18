#!/usr/bin/env node
// `npm run release [-- --dry-run]`: runs the release from its TypeScript source (tsx), like the benchmarks.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/release.ts');
process.exitCode = await main(process.argv.slice(2));
