import { areaCatalog } from '../catalog/area-catalog';
import { type Random, WeightedTable } from './random';

/** Where an institution sits, with the names notices build from it. */
export interface Place {
  provinceCode: string;
  provinceName: string;
  /** 广东, 内蒙古, 北京 */
  provinceShort: string;
  cityCode: string;
  /** 深圳市; a municipality's own name (北京市); a county-level city a province runs directly (仙桃市). */
  cityName: string;
  /** 深圳, 恩施州 */
  cityShort: string;
  districtCode: string | null;
  districtName: string | null;
  /** 海淀, 安吉, 义乌 */
  districtShort: string | null;
  level: 'province' | 'city' | 'district';
  /** How an institution of this place begins its name: 广东省, 深圳市, 深圳市南山区, 安吉县. */
  prefix: string;
}

const ETHNIC_PART =
  /(藏族|彝族|苗族|土家族|布依族|侗族|壮族|傣族|白族|哈尼族|傈僳族|景颇族|朝鲜族|蒙古族|蒙古|回族|哈萨克|柯尔克孜|羌族|瑶族|畲族|黎族|仡佬族|满族|达斡尔族|鄂温克族|水族|纳西族|拉祜族|佤族|普米族|怒族|独龙族|各族|撒拉族|土族|保安族|东乡族|裕固族|仫佬族|毛南族|锡伯族|塔吉克族|俄罗斯族|鄂伦春族|京族|赫哲族|门巴族|珞巴族|基诺族|德昂族|阿昌族|布朗族)/;

export function provinceShortName(name: string): string {
  return name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');
}

/** 深圳市 → 深圳, 恩施土家族苗族自治州 → 恩施州, 阿勒泰地区 → 阿勒泰, 锡林郭勒盟 → 锡林郭勒. */
export function cityShortName(name: string): string {
  if (name.endsWith('自治州')) {
    const ethnic = ETHNIC_PART.exec(name);
    return `${ethnic ? name.slice(0, ethnic.index) : name.slice(0, 2)}州`;
  }
  if (name.endsWith('地区')) return name.slice(0, -2);
  if (/[市盟]$/.test(name) && name.length >= 3) return name.slice(0, -1);
  return name;
}

/** 海淀区 → 海淀, 长阳土家族自治县 → 长阳, 义乌市 → 义乌; two-character names stay whole (城区). */
export function districtShortName(name: string): string {
  const ethnic = ETHNIC_PART.exec(name);
  if (ethnic && ethnic.index > 0) return name.slice(0, ethnic.index);
  if (/[区县市旗]$/.test(name) && name.length >= 3) return name.slice(0, -1);
  return name;
}

/** Where more happens, more is bought: the largest cities publish the most. */
const CITY_WEIGHTS: Record<string, number> = {
  北京市: 12,
  上海市: 12,
  广州市: 11,
  深圳市: 11,
  ...Object.fromEntries(
    '天津市 成都市 杭州市 武汉市 西安市 苏州市 南京市 长沙市 郑州市 东莞市 青岛市 沈阳市 宁波市 昆明市 合肥市 济南市 福州市 厦门市 佛山市 无锡市'
      .split(' ')
      .map((name) => [name, 6]),
  ),
  ...Object.fromEntries(
    '哈尔滨市 长春市 石家庄市 南宁市 南昌市 贵阳市 太原市 兰州市 乌鲁木齐市 呼和浩特市 海口市 银川市 西宁市 拉萨市 大连市 温州市 泉州市 常州市 南通市 徐州市 烟台市 潍坊市 嘉兴市 绍兴市 金华市 台州市 珠海市 惠州市 中山市 洛阳市 唐山市 保定市 临沂市 济宁市 扬州市 盐城市 襄阳市 宜昌市 株洲市 岳阳市 赣州市 柳州市 遵义市 绵阳市'
      .split(' ')
      .map((name) => [name, 3.5]),
  ),
  三沙市: 0.05,
};

const PROVINCE_FACTORS: Record<string, number> = {
  '440000': 1.3,
  '320000': 1.3,
  '330000': 1.3,
  '370000': 1.2,
  '510000': 1.1,
  '410000': 1.1,
  '540000': 0.4,
  '630000': 0.5,
  '640000': 0.5,
  '460000': 0.6,
};

/** Hong Kong, Macao and Taiwan publish no mainland procurement notices. */
const OUTSIDE_MAINLAND = new Set(['710000', '810000', '820000']);
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

interface CityEntry {
  province: { code: string; name: string };
  code: string;
  name: string;
  districts: { code: string; name: string }[];
  /** The city's districts are 县/县级市 named on their own (重庆's 县 group). */
  countiesOnly: boolean;
}

interface PlaceCatalog {
  cities: WeightedTable<CityEntry>;
  capitals: Map<string, CityEntry>;
}

let catalog: PlaceCatalog | undefined;

/** The mainland's cities from the catalog's GB/T 2260 data, weighted by size, built once. */
function placeCatalog(): PlaceCatalog {
  if (catalog) return catalog;
  const entries: [CityEntry, number][] = [];
  const capitals = new Map<string, CityEntry>();
  for (const province of areaCatalog().provinces) {
    if (OUTSIDE_MAINLAND.has(province.code)) continue;
    const isMunicipality = MUNICIPALITIES.has(province.code);
    for (const city of province.children) {
      // xx9000 groups the county-level cities a province runs directly: each stands as a city of its own.
      const standalone = city.code.endsWith('9000')
        ? city.children.map((county) => ({ code: county.code, name: county.name, children: [] }))
        : [city];
      for (const unit of standalone) {
        // 东莞、中山、儋州、嘉峪关 have no districts; the data lists towns under made-up codes instead.
        const districts = unit.children.filter((district) => !/(镇|街道|办事处)$/.test(district.name));
        const name = isMunicipality ? province.name : unit.name;
        const entry: CityEntry = {
          province: { code: province.code, name: province.name },
          code: unit.code,
          name,
          districts,
          countiesOnly: isMunicipality && unit.name === '县',
        };
        const weight =
          (entry.countiesOnly ? 1.5 : (CITY_WEIGHTS[name] ?? 1)) * (PROVINCE_FACTORS[province.code] ?? 1);
        entries.push([entry, weight]);
        if (!capitals.has(province.code)) capitals.set(province.code, entry);
      }
    }
  }
  catalog = { cities: new WeightedTable(entries), capitals };
  return catalog;
}

function placeOf(city: CityEntry, level: Place['level'], district?: { code: string; name: string }): Place {
  const base = {
    provinceCode: city.province.code,
    provinceName: city.province.name,
    provinceShort: provinceShortName(city.province.name),
    cityCode: city.code,
    cityName: city.name,
    cityShort: cityShortName(city.name),
  };
  if (level === 'province') {
    return {
      ...base,
      districtCode: null,
      districtName: null,
      districtShort: null,
      level,
      prefix: base.provinceName,
    };
  }
  if (level === 'city' || !district) {
    return {
      ...base,
      districtCode: null,
      districtName: null,
      districtShort: null,
      level: 'city',
      prefix: city.name,
    };
  }
  // A 区 is named with its city (朝阳区 exists in Beijing and in Changchun); a 县 or 县级市 stands alone.
  const prefix =
    district.name.endsWith('区') && !city.countiesOnly ? city.name + district.name : district.name;
  return {
    ...base,
    districtCode: district.code,
    districtName: district.name,
    districtShort: districtShortName(district.name),
    level: 'district',
    prefix,
  };
}

/** A place for an institution of the given level; big cities come up more often. */
export function pickPlace(random: Random, level: Place['level']): Place {
  const { cities, capitals } = placeCatalog();
  const city = cities.pick(random);
  if (level === 'province') return placeOf(capitals.get(city.province.code) ?? city, 'province');
  if (level === 'district' && city.districts.length)
    return placeOf(city, 'district', random.pick(city.districts));
  return placeOf(city, 'city');
}

/** The place's city itself (a district's institution often names its city's offices). */
export function cityLevelOf(place: Place): Place {
  return {
    ...place,
    districtCode: null,
    districtName: null,
    districtShort: null,
    level: 'city',
    prefix: place.cityName,
  };
}
