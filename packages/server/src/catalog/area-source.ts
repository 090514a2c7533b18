/** A district or county (GB/T 2260 third level). */
export interface DistrictArea {
  code: string;
  name: string;
}

/** A prefecture-level division, or the group GB/T 2260 uses for a municipality's districts. */
export interface CityArea {
  code: string;
  name: string;
  children: DistrictArea[];
}

export interface ProvinceArea {
  code: string;
  name: string;
  children: CityArea[];
}

/** The administrative divisions the server answers from (`data/areas.json`), with where they came from. */
export interface AreaData {
  source: { package: string; version: string };
  provinces: ProvinceArea[];
}

/** The shape `@vant/area-data` exports as `areaList`: names keyed by six-digit code, one map per level. */
export interface VantAreaList {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

const SIX_DIGITS = /^\d{6}$/;

function byCode(entries: Record<string, string>) {
  return Object.entries(entries)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * Turns the flat maps of `@vant/area-data` into the province → city → district tree, linked by the GB/T 2260
 * code prefixes (a city shares its province's first two digits, a district its city's first four). Throws on
 * data that breaks those rules, so a package update that changes them fails loudly instead of losing areas.
 */
export function convertVantAreaList(areaList: VantAreaList, source: AreaData['source']): AreaData {
  const provinces = byCode(areaList.province_list);
  const cities = byCode(areaList.city_list);
  const districts = byCode(areaList.county_list);
  for (const area of [...provinces, ...cities, ...districts]) {
    if (!SIX_DIGITS.test(area.code)) throw new RangeError(`地区代码不是 6 位数字：${area.code} ${area.name}`);
  }
  const cityCodes = new Set(cities.map((city) => city.code));
  const provinceCodes = new Set(provinces.map((province) => province.code));
  for (const district of districts) {
    if (!cityCodes.has(`${district.code.slice(0, 4)}00`)) {
      throw new RangeError(`区县 ${district.code} ${district.name} 找不到所属城市`);
    }
  }
  for (const city of cities) {
    if (!provinceCodes.has(`${city.code.slice(0, 2)}0000`)) {
      throw new RangeError(`城市 ${city.code} ${city.name} 找不到所属省份`);
    }
  }
  return {
    source,
    provinces: provinces.map((province) => ({
      ...province,
      children: cities
        .filter((city) => city.code.slice(0, 2) === province.code.slice(0, 2))
        .map((city) => ({
          ...city,
          children: districts.filter((district) => district.code.slice(0, 4) === city.code.slice(0, 4)),
        })),
    })),
  };
}

/**
 * `data/areas.json` as the generator writes it: one line per district, so a data update reads as a short diff.
 * Biome keeps this layout (objects that fit stay on one line).
 */
export function serializeAreaData(data: AreaData): string {
  const leaf = (area: DistrictArea) =>
    `{ "code": ${JSON.stringify(area.code)}, "name": ${JSON.stringify(area.name)} }`;
  const lines = [
    '{',
    `  "source": { "package": ${JSON.stringify(data.source.package)}, "version": ${JSON.stringify(data.source.version)} },`,
    '  "provinces": [',
    data.provinces
      .map((province) =>
        [
          '    {',
          `      "code": ${JSON.stringify(province.code)},`,
          `      "name": ${JSON.stringify(province.name)},`,
          '      "children": [',
          province.children
            .map((city) =>
              [
                '        {',
                `          "code": ${JSON.stringify(city.code)},`,
                `          "name": ${JSON.stringify(city.name)},`,
                '          "children": [',
                city.children.map((district) => `            ${leaf(district)}`).join(',\n'),
                '          ]',
                '        }',
              ].join('\n'),
            )
            .join(',\n'),
          '      ]',
          '    }',
        ].join('\n'),
      )
      .join(',\n'),
    '  ]',
    '}',
    '',
  ];
  return lines.join('\n');
}
