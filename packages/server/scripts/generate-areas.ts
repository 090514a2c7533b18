/**
 * Regenerates src/catalog/data/areas.json from the pinned `@vant/area-data` package (GB/T 2260 divisions).
 * Run after bumping the package in the catalog of pnpm-workspace.yaml: `npm run generate:areas` in
 * packages/server. src/catalog/area-data.test.ts fails while the committed file differs from a fresh conversion.
 */
import { writeFileSync } from 'node:fs';
import { areaList } from '@vant/area-data';
import vantPackage from '@vant/area-data/package.json' with { type: 'json' };
import { areaDataPath } from '../src/catalog/area-data-path';
import { convertVantAreaList, serializeAreaData } from '../src/catalog/area-source';

const data = convertVantAreaList(areaList, { package: vantPackage.name, version: vantPackage.version });
writeFileSync(areaDataPath, serializeAreaData(data));
const districts = data.provinces.flatMap((province) => province.children.flatMap((city) => city.children));
console.info(
  `${areaDataPath}: ${data.provinces.length} provinces, ${data.provinces.flatMap((p) => p.children).length} cities, ${districts.length} districts from ${vantPackage.name}@${vantPackage.version}`,
);
