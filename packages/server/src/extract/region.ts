import { areaCatalog } from '../catalog/area-catalog';
import { provinceOfAreaCode } from './area-codes';
import type { ExtractedContact, ExtractedRegion } from './types';

interface AreaEntry {
  level: 'province' | 'city' | 'district';
  code: string;
  name: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string | null;
  cityName: string | null;
}

interface AreaIndex {
  /** Full names (浙江省, 杭州市, 西湖区) → every area with that name. */
  byFullName: Map<string, AreaEntry[]>;
  /** Short names (浙江, 杭州, 恩施) of provinces and cities → their areas; only read at the start of a name. */
  byShortName: Map<string, AreaEntry[]>;
  /** First character → names starting with it, longest first. */
  fullNamesByFirst: Map<string, string[]>;
  shortNamesByFirst: Map<string, string[]>;
}

/** GB/T 2260: the four municipalities, whose districts we report under the municipality itself. */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

function provinceShortName(name: string): string {
  return name.replace(/(?:壮族|回族|维吾尔)?自治区$|特别行政区$|省$|市$/, '');
}

const ETHNIC_SUFFIX =
  /(?:土家族|苗族|藏族|羌族|彝族|布依族|侗族|哈尼族|壮族|傣族|景颇族|傈僳族|白族|朝鲜族|蒙古族|蒙古|柯尔克孜|哈萨克|回族)+$/;

/** Short city names that are common words or company names elsewhere (阿里巴巴, 中山大学, 东方电气, 黄山路). */
const AMBIGUOUS_SHORT_NAMES = new Set(['阿里', '中山', '东方', '黄山', '白山', '大同', '三沙']);

function cityShortName(name: string): string {
  return name.replace(/自治州$|地区$|盟$|市$/, '').replace(ETHNIC_SUFFIX, '');
}

let index: AreaIndex | undefined;

function areaIndex(): AreaIndex {
  if (index) return index;
  const byFullName = new Map<string, AreaEntry[]>();
  const byShortName = new Map<string, AreaEntry[]>();
  const add = (map: Map<string, AreaEntry[]>, name: string, entry: AreaEntry) => {
    if (name.length < 2) return;
    map.set(name, [...(map.get(name) ?? []), entry]);
  };
  for (const province of areaCatalog().provinces) {
    const base = { provinceCode: province.code, provinceName: province.name };
    const provinceEntry: AreaEntry = {
      level: 'province',
      code: province.code,
      name: province.name,
      ...base,
      cityCode: null,
      cityName: null,
    };
    add(byFullName, province.name, provinceEntry);
    add(byShortName, provinceShortName(province.name), provinceEntry);
    const municipality = MUNICIPALITIES.has(province.code);
    for (const city of province.children) {
      // Counties a province administers directly (xx9000 省直辖县) are city-level for us, as in the catalog.
      const directCounties = city.code.endsWith('9000');
      const cityLevel = directCounties
        ? city.children.map((county) => ({
            code: county.code,
            name: county.name,
            children: [] as typeof city.children,
          }))
        : [city];
      for (const level of cityLevel) {
        const cityCode = municipality ? `${province.code.slice(0, 2)}0100` : level.code;
        const cityName = municipality ? province.name : level.name;
        const cityEntry: AreaEntry = {
          level: 'city',
          code: cityCode,
          name: cityName,
          ...base,
          cityCode,
          cityName,
        };
        if (!municipality) {
          add(byFullName, level.name, cityEntry);
          add(byShortName, cityShortName(level.name), cityEntry);
        }
        for (const district of level.children) {
          add(byFullName, district.name, {
            level: 'district',
            code: district.code,
            name: district.name,
            ...base,
            cityCode,
            cityName,
          });
        }
      }
    }
  }
  // 县 (500200), the counties of 重庆, has no name of its own to find.
  byFullName.delete('县');
  for (const name of AMBIGUOUS_SHORT_NAMES) byShortName.delete(name);
  const byFirst = (names: Iterable<string>) => {
    const map = new Map<string, string[]>();
    for (const name of [...names].sort((a, b) => b.length - a.length)) {
      const first = name[0] ?? '';
      map.set(first, [...(map.get(first) ?? []), name]);
    }
    return map;
  };
  index = {
    byFullName,
    byShortName,
    fullNamesByFirst: byFirst(byFullName.keys()),
    shortNamesByFirst: byFirst(byShortName.keys()),
  };
  return index;
}

// `应急管理部天津消防研究所`: a ministry's body in a province.
const PROVINCE_AFTER = /[在于至赴由或和与及部]/;

interface Mention {
  at: number;
  entries: AreaEntry[];
}

/** Area names in a text, longest name first at each position, left to right. */
function mentions(text: string): Mention[] {
  const { byFullName, byShortName, fullNamesByFirst, shortNamesByFirst } = areaIndex();
  const found: Mention[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const first = text[at] ?? '';
    const name = fullNamesByFirst.get(first)?.find((candidate) => text.startsWith(candidate, at));
    if (name) {
      found.push({ at, entries: byFullName.get(name) ?? [] });
      at += name.length - 1;
      continue;
    }
    // Short names only where a name starts (浙江大学, 杭州地铁集团), never inside a word (中山路 ≠ 中山市); a
    // province's also after a preposition or conjunction (`在安徽公共资源交易集团…或安徽合肥…`).
    const before = text[at - 1] ?? '';
    const nameStarts = at === 0 || /[\s，,。；;、：:（(]/.test(before);
    if (nameStarts || PROVINCE_AFTER.test(before)) {
      const short = shortNamesByFirst
        .get(first)
        ?.find(
          (candidate) =>
            text.startsWith(candidate, at) &&
            (nameStarts || byShortName.get(candidate)?.every((entry) => entry.level === 'province')),
        );
      if (short) {
        found.push({ at, entries: byShortName.get(short) ?? [] });
        at += short.length - 1;
      }
    }
  }
  return found;
}

function fromEntry(entry: AreaEntry): ExtractedRegion {
  return {
    provinceCode: entry.provinceCode,
    provinceName: entry.provinceName,
    cityCode: entry.level === 'province' ? null : entry.cityCode,
    cityName: entry.level === 'province' ? null : entry.cityName,
    districtCode: entry.level === 'district' ? entry.code : null,
    districtName: entry.level === 'district' ? entry.name : null,
  };
}

function specificity(region: ExtractedRegion): number {
  return region.districtCode ? 3 : region.cityCode ? 2 : 1;
}

/**
 * The region one text names (an address, a purchaser's name): the first province, then the first city in it,
 * then the first district in that city. A name several areas share (鼓楼区, 朝阳区) counts only when an earlier
 * province or city decides which one. Null when the text names no area.
 */
export function regionOf(text: string): ExtractedRegion | null {
  let region: ExtractedRegion | null = null;
  for (const mention of mentions(text)) {
    const candidates = mention.entries.filter((entry) => {
      if (!region) return true;
      if (entry.provinceCode !== region.provinceCode) return false;
      return !region.cityCode || entry.cityCode === region.cityCode;
    });
    const pick = candidates.length === 1 ? candidates[0] : undefined;
    if (!pick) {
      // Ambiguous without context; a later, unambiguous name may still decide.
      continue;
    }
    const next = fromEntry(pick);
    if (!region || specificity(next) > specificity(region)) region = next;
    if (region.districtCode) break;
  }
  if (region && MUNICIPALITIES.has(region.provinceCode) && !region.cityCode) {
    const cityCode = `${region.provinceCode.slice(0, 2)}0100`;
    region = { ...region, cityCode, cityName: region.provinceName };
  }
  return region;
}

/**
 * The region of a notice from its sources in order of trust (stated location, purchaser address, purchaser name,
 * title …): the first source that names an area decides the province; later sources in the same province may
 * only make it more specific.
 */
export function resolveRegion(sources: readonly (string | null | undefined)[]): ExtractedRegion | null {
  let region: ExtractedRegion | null = null;
  for (const source of sources) {
    if (!source) continue;
    const found = regionOf(source);
    if (!found) continue;
    if (!region) {
      region = found;
    } else if (
      found.provinceCode === region.provinceCode &&
      (!region.cityCode || found.cityCode === region.cityCode) &&
      specificity(found) > specificity(region)
    ) {
      region = found;
    }
    if (region.districtCode) break;
  }
  return region;
}

/**
 * The province a notice's contacts ring in, for a notice that names no place: the buyer's or the project's landline
 * first (an agency may sit in another province), then any. Null when no landline has a known area code.
 */
export function regionOfContacts(contacts: readonly ExtractedContact[] | null): ExtractedRegion | null {
  const ordered = [
    ...(contacts ?? []).filter((contact) => contact.role !== 'agency'),
    ...(contacts ?? []).filter((contact) => contact.role === 'agency'),
  ];
  for (const contact of ordered) {
    for (const phone of contact.phones) {
      const provinceCode = phone.areaCode ? provinceOfAreaCode(phone.areaCode) : null;
      const province = areaCatalog().provinces.find((entry) => entry.code === provinceCode);
      if (province)
        return {
          provinceCode: province.code,
          provinceName: province.name,
          cityCode: null,
          cityName: null,
          districtCode: null,
          districtName: null,
        };
    }
  }
  return null;
}
