import type { AreaData } from './area-source';
import { type AreaCatalog, buildAreaCatalog } from './areas';
import areaData from './data/areas.json' with { type: 'json' };

let catalog: AreaCatalog | undefined;

/** The area data of this build (GB/T 2260 via `@vant/area-data`, see scripts/generate-areas.ts), built once. */
export function areaCatalog(): AreaCatalog {
  catalog ??= buildAreaCatalog(areaData as AreaData);
  return catalog;
}
