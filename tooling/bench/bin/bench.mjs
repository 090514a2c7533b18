#!/usr/bin/env node
// `npm run bench -- <name>`: runs a benchmark from its TypeScript source (tsx), like the server's own scripts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
await main(process.argv.slice(2));
process.exit(0);
