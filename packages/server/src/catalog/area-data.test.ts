import { readFileSync } from 'node:fs';
import { areaList } from '@vant/area-data';
import vantPackage from '@vant/area-data/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { areaCatalog } from './area-catalog';
import { areaDataPath } from './area-data-path';
import { convertVantAreaList, serializeAreaData } from './area-source';

describe('area data (src/catalog/data/areas.json)', () => {
  it('is a fresh conversion of the pinned @vant/area-data (regenerate: npm run generate:areas)', () => {
    const fresh = convertVantAreaList(areaList, { package: vantPackage.name, version: vantPackage.version });
    const committed = readFileSync(areaDataPath, 'utf8');
    expect(JSON.parse(committed)).toEqual(fresh);
    expect(committed).toBe(serializeAreaData(fresh));
  });

  it('refuses source data whose codes do not nest', () => {
    const broken = {
      province_list: { '110000': '北京市' },
      city_list: { '110100': '北京市' },
      county_list: { '120101': '和平区' },
    };
    expect(() => convertVantAreaList(broken, { package: 'x', version: '0' })).toThrow(/120101/);
  });
});

describe('area codes of the selArea tree', () => {
  const areas = areaCatalog();

  it('resolve to GB/T 2260 codes', () => {
    expect(areas.resolveCode('广东省_深圳市')).toBe('440300');
    expect(areas.resolveCode('广东省_全部')).toBe('440000');
    expect(areas.resolveCode('北京市_海淀区')).toBe('110108');
    expect(areas.resolveCode('湖北省_仙桃市')).toBe('429004');
    expect(areas.resolveCode('440305')).toBe('440305');
    expect(areas.resolveCode('广东省_不存在市')).toBeUndefined();
    expect(areas.resolveCode('999999')).toBeUndefined();
  });

  it('keep one version for one build of the data', () => {
    expect(areas.version).toMatch(new RegExp(`^${vantPackage.version.replaceAll('.', '\\.')}-[0-9a-f]{12}$`));
    expect(areaCatalog().version).toBe(areas.version);
  });
});
