import { describe, expect, it } from 'vitest';
import { regionOf, resolveRegion } from './region';

const codes = (text: string) => {
  const region = regionOf(text);
  return region ? [region.provinceCode, region.cityCode, region.districtCode] : null;
};

describe('regionOf', () => {
  it('resolves addresses and names to GB/T 2260 codes', () => {
    expect(codes('浙江省杭州市西湖区横埠街2号')).toEqual(['330000', '330100', '330106']);
    expect(codes('杭州市西溪医院')).toEqual(['330000', '330100', null]);
    expect(codes('国网浙江省电力有限公司')).toEqual(['330000', null, null]);
    expect(codes('恩施土家族苗族自治州中心医院')).toEqual(['420000', '422800', null]);
    expect(codes('仙桃市第一人民医院')).toEqual(['420000', '429004', null]);
  });

  it('reports municipalities with the municipality as the city', () => {
    expect(regionOf('北京市大兴区兴政街29号')).toEqual({
      provinceCode: '110000',
      provinceName: '北京市',
      cityCode: '110100',
      cityName: '北京市',
      districtCode: '110115',
      districtName: '大兴区',
    });
    expect(codes('重庆市人民政府')).toEqual(['500000', '500100', null]);
  });

  it('uses a district name several areas share only when an earlier name decides', () => {
    expect(codes('朝阳区')).toBeNull();
    expect(codes('长春市朝阳区西康路')).toEqual(['220000', '220100', '220104']);
    expect(codes('北京市朝阳区')).toEqual(['110000', '110100', '110105']);
    expect(codes('福州市鼓楼区东街89号')).toEqual(['350000', '350100', '350102']);
  });

  it('reads short names only where a name starts', () => {
    expect(codes('杭州地铁集团有限公司')).toEqual(['330000', '330100', null]);
    expect(codes('某某公司中山路店')).toBeNull();
    expect(codes('中山大学附属第一医院')).toBeNull();
    expect(codes('东方电气集团')).toBeNull();
  });

  it("reads a province's short name after a preposition or a ministry, a city's only where a name starts", () => {
    expect(codes('投标人应在安徽公共资源交易集团电子交易系统获取招标文件')).toEqual(['340000', null, null]);
    expect(codes('应急管理部天津消防研究所')?.[0]).toBe('120000');
    expect(codes('供应商须在合肥公共资源交易中心现场递交')).toBeNull();
  });
});

describe('resolveRegion', () => {
  it('lets the first source decide the province and later ones in it add detail', () => {
    expect(resolveRegion(['浙江省', null, '杭州市上城区教育局'])?.districtCode).toBe('330102');
    expect(resolveRegion(['江苏省南京市', '杭州市西湖区'])?.cityCode).toBe('320100');
    expect(resolveRegion([null, '', '某某公司'])).toBeNull();
  });
});
