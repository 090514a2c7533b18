export type { ServerDependencies } from './app';
export { buildServer } from './app';
export type { ServerConfig } from './config';
export { readConfig } from './config';
