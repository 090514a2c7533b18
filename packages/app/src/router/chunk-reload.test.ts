import { describe, expect, it } from 'vitest';
import { CHUNK_ALREADY_RELOADED_MESSAGE, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('chunk reload (spec §8)', () => {
  it('recognises the browsers’ failed dynamic import errors, and nothing else', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /portal/assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('服务器出错'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once per app version', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    expect(reloadOnceForChunkError(storage, reload, 'v1')).toBe(true);
    expect(reloadOnceForChunkError(storage, reload, 'v1')).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnceForChunkError(storage, reload, 'v2')).toBe(true);
    expect(reloads).toBe(2);
  });

  it('reports a chunk that still fails after the reload under a message the router does not reload for', () => {
    expect(isChunkLoadError(new Error(CHUNK_ALREADY_RELOADED_MESSAGE))).toBe(false);
  });
});
