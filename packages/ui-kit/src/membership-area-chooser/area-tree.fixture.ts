import { type AreaNode, buildAreaTree } from '@tender/domain';

const region = (name: string, code: string): AreaNode => ({
  name,
  code,
  parentCode: '100000',
  classify: 'one',
  selected: false,
});
const city = (province: string, provinceCode: string, name: string): AreaNode => ({
  name,
  code: `${province}_${name}`,
  parentCode: provinceCode,
  classify: 'two',
  selected: false,
});

/**
 * The tree `loadAreaTree` builds from `selArea` (packages/server/src/catalog/README.md), with every province-level
 * region of GB/T 2260 and a few cities.
 */
const regions: [string, string][] = [
  ['北京市', '110000'],
  ['天津市', '120000'],
  ['河北省', '130000'],
  ['山西省', '140000'],
  ['内蒙古自治区', '150000'],
  ['辽宁省', '210000'],
  ['吉林省', '220000'],
  ['黑龙江省', '230000'],
  ['上海市', '310000'],
  ['江苏省', '320000'],
  ['浙江省', '330000'],
  ['安徽省', '340000'],
  ['福建省', '350000'],
  ['江西省', '360000'],
  ['山东省', '370000'],
  ['河南省', '410000'],
  ['湖北省', '420000'],
  ['湖南省', '430000'],
  ['广东省', '440000'],
  ['广西壮族自治区', '450000'],
  ['海南省', '460000'],
  ['重庆市', '500000'],
  ['四川省', '510000'],
  ['贵州省', '520000'],
  ['云南省', '530000'],
  ['西藏自治区', '540000'],
  ['陕西省', '610000'],
  ['甘肃省', '620000'],
  ['青海省', '630000'],
  ['宁夏回族自治区', '640000'],
  ['新疆维吾尔自治区', '650000'],
  ['台湾省', '710000'],
  ['香港特别行政区', '810000'],
  ['澳门特别行政区', '820000'],
];

export const areaTreeFixture: AreaNode[] = buildAreaTree([
  { name: '全国', code: '100000', parentCode: null, classify: 'all', selected: false },
  ...regions.map(([name, code]) => region(name, code)),
  city('广东省', '440000', '广州市'),
  city('广东省', '440000', '深圳市'),
  city('北京市', '110000', '东城区'),
]);

/** Just three regions, for tests that tick them all. */
export const smallAreaTreeFixture: AreaNode[] = buildAreaTree([
  { name: '全国', code: '100000', parentCode: null, classify: 'all', selected: false },
  region('北京市', '110000'),
  region('广东省', '440000'),
  region('湖南省', '430000'),
  city('广东省', '440000', '深圳市'),
]);
