import { createHash } from 'node:crypto';
import type { SelAreaCity, SelAreaEntry } from '@tender/contracts';
import { WHOLE_COUNTRY } from '@tender/domain';
import type { AreaData, ProvinceArea } from './area-source';

/** The whole country's code in the area tree (the root node of spec §3; not a GB/T 2260 division itself). */
export const WHOLE_COUNTRY_CODE = '100000';
/** Wire value: entries with this description are "the whole region" picker options, dropped by the web client (spec §7). */
export const ALL_OF_REGION = '全部';
/** The header entry's code and description; the web client drops the first entry (spec §7). */
export const VERSION_ENTRY_CODE = 'version';
const VERSION_ENTRY_DESCRIPTION = '版本';
const VERSION_ENTRY_NAME = '地区数据';

/** GB/T 2260: the four municipalities, whose second level lists districts rather than cities. */
const MUNICIPALITY_CODES = new Set(['110000', '120000', '310000', '500000']);

/** GB/T 2260 codes xx9000 group the county-level divisions a province administers directly (省直辖县级行政区划). */
function groupsDirectlyAdministeredCounties(cityCode: string): boolean {
  return cityCode.endsWith('9000');
}

/** `<area>_<name>`: how a region's city child is coded in the `selArea` answer (spec §3 Area tree). */
export function cityChildCode(area: string, cityName: string): string {
  return `${area}_${cityName}`;
}

/**
 * The second level under a region: its cities, except that a municipality lists its districts and counties,
 * and counties a province administers directly (仙桃市, 济源市, 石河子市 …) stand beside its cities.
 */
function secondLevel(province: ProvinceArea): { code: string; name: string }[] {
  return province.children.flatMap((city) =>
    MUNICIPALITY_CODES.has(province.code) || groupsDirectlyAdministeredCounties(city.code)
      ? city.children
      : [{ code: city.code, name: city.name }],
  );
}

export interface AreaCatalog {
  /** The key the client caches the area data under (spec §3); changes whenever the `selArea` answer changes. */
  version: string;
  /** The `selArea` answer's `data`: the entries as a JSON string (spec §7). */
  selAreaJson: string;
  selAreaEntries: SelAreaEntry[];
  /** province → city → district, GB/T 2260 codes (`selThreeLevelArea`). */
  provinces: AreaData['provinces'];
  /**
   * The GB/T 2260 code of a node of the `selArea` tree: `广东省_深圳市` → `440300`, `广东省_全部` → `440000`;
   * known six-digit codes as they are; anything else undefined.
   */
  resolveCode(code: string): string | undefined;
}

/** Everything the area endpoints answer, computed once: the data never changes while the process runs. */
export function buildAreaCatalog(data: AreaData): AreaCatalog {
  const childCodes = new Map<string, string>();
  const knownCodes = new Set<string>();
  const regions: SelAreaEntry[] = data.provinces.flatMap((province) => {
    knownCodes.add(province.code);
    for (const city of province.children) {
      knownCodes.add(city.code);
      for (const district of city.children) knownCodes.add(district.code);
    }
    const area = province.name;
    const city: SelAreaCity[] = secondLevel(province).map((child) => {
      const code = cityChildCode(area, child.name);
      if (childCodes.has(code)) throw new RangeError(`地区 ${code} 重名，无法按名称编码`);
      childCodes.set(code, child.code);
      return {
        name: child.name,
        code,
        parentCode: province.code,
        classify: 'two',
        selected: false,
        areaCode: child.code,
      };
    });
    childCodes.set(cityChildCode(area, ALL_OF_REGION), province.code);
    return [
      {
        name: province.name,
        code: province.code,
        parentCode: WHOLE_COUNTRY_CODE,
        classify: 'one',
        selected: false,
        description: province.name,
        area,
        city,
      },
      {
        name: ALL_OF_REGION,
        code: cityChildCode(area, ALL_OF_REGION),
        parentCode: province.code,
        classify: 'two',
        selected: false,
        description: ALL_OF_REGION,
        area,
      },
    ];
  });
  const body: SelAreaEntry[] = [
    {
      name: WHOLE_COUNTRY,
      code: WHOLE_COUNTRY_CODE,
      parentCode: null,
      classify: 'all',
      selected: false,
      description: WHOLE_COUNTRY,
    },
    ...regions,
  ];
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  const version = `${data.source.version}-${digest}`;
  const header: SelAreaEntry = {
    name: VERSION_ENTRY_NAME,
    code: VERSION_ENTRY_CODE,
    parentCode: null,
    classify: 'all',
    selected: false,
    description: VERSION_ENTRY_DESCRIPTION,
    version,
  };
  const selAreaEntries = [header, ...body];
  return {
    version,
    selAreaJson: JSON.stringify(selAreaEntries),
    selAreaEntries,
    provinces: data.provinces,
    resolveCode(code) {
      if (knownCodes.has(code)) return code;
      return childCodes.get(code);
    },
  };
}
