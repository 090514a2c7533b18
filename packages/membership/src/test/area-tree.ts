import type { AreaNode } from '@tender/domain';

const provinces = ['北京市', '上海市', '广东省', '广西壮族自治区', '湖南省', '湖北省', '浙江省', '江苏省'];

/** A small area tree as `loadAreaTree` builds it: 全国 over some province-level regions (stories and tests). */
export const areaTree: AreaNode[] = [
  {
    name: '全国',
    code: '100000',
    parentCode: '0',
    classify: 'all',
    selected: false,
    children: provinces.map((name, index) => ({
      name,
      code: String(110000 + index * 10000),
      parentCode: '100000',
      classify: 'one',
      selected: false,
    })),
  },
];
