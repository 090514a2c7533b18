export { domPreset as default } from '@tender/vitest-config/dom';
