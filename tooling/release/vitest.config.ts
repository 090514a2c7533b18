export { nodePreset as default } from '@tender/vitest-config/node';
