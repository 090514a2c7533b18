/** The build's version; Vite defines it per build (vite/brand-app-config.ts). */
declare const __TENDER_APP_VERSION__: string | undefined;

export const CHUNK_RELOAD_STORAGE_PREFIX = 'chunkReload:';

/** What a chunk that still fails after the reload is reported as. */
export const CHUNK_ALREADY_RELOADED_MESSAGE = '页面资源加载失败，请稍后刷新重试';

export function appVersion(): string {
  return typeof __TENDER_APP_VERSION__ === 'string' ? __TENDER_APP_VERSION__ : 'dev';
}

/** Messages browsers give when a split-off chunk cannot be fetched (a deploy removed the old files). */
const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR_PATTERN.test(error.message);
}

/**
 * spec §8: a failed load of a split-off page chunk reloads the page, once per app version (the flag in
 * sessionStorage keeps a chunk that is really gone from reloading forever). Returns whether it reloads.
 */
export function reloadOnceForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  version = appVersion(),
): boolean {
  const key = `${CHUNK_RELOAD_STORAGE_PREFIX}${version}`;
  if (storage.getItem(key) !== null) return false;
  storage.setItem(key, '1');
  reload();
  return true;
}

/** Wraps a dynamic import: a chunk failure reloads once, anything else (or a second failure) is thrown. */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      if (reloadOnceForChunkError(sessionStorage, () => location.reload())) {
        // The page is going away; never settle so nothing renders an error meanwhile.
        return new Promise<T>(() => undefined);
      }
      // Already reloaded for this version. Renamed so that the router's own reload-on-chunk-error (keyed by the
      // message) does not reload a second time: the rule is once per app version.
      throw new Error(CHUNK_ALREADY_RELOADED_MESSAGE, { cause: error });
    });
}

/** Vite reports failed preloads of a chunk's dependencies with this event. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError(sessionStorage, () => location.reload())) event.preventDefault();
  });
}
