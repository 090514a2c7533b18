#!/usr/bin/env node
// `npm run brand -- new|check`: runs the brand command from its TypeScript source (tsx), like the benchmarks.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
