import { cityLevelOf, type Place, pickPlace } from './places';
import { Random } from './random';
import { chineseNumeral, contactName, phoneIn, streetAddress, tradeName } from './vocabulary';

/** An organisation as a notice presents it. */
export interface Organisation {
  name: string;
  place: Place;
  address: string;
  contactName: string;
  contactPhone: string;
}

/** The kinds of public buyers the corpus knows, each with the levels it exists at and how it is named. */
export type PurchaserKind =
  | 'hospital'
  | 'school'
  | 'university'
  | 'police'
  | 'education'
  | 'housing'
  | 'transport'
  | 'urban'
  | 'water'
  | 'health'
  | 'government'
  | 'power'
  | 'cityInvest'
  | 'cdc'
  | 'ecology'
  | 'naturalResources'
  | 'market'
  | 'culture';

type Namer = (random: Random, place: Place) => string;

interface KindSpec {
  levels: readonly (readonly [Place['level'], number])[];
  province?: Namer;
  city: Namer;
  district?: Namer;
}

const nth = (random: Random, max: number) => chineseNumeral(random.int(1, max));

const KINDS: Record<PurchaserKind, KindSpec> = {
  hospital: {
    levels: [
      ['province', 1],
      ['city', 5],
      ['district', 4],
    ],
    province: (r, p) =>
      r.pick([
        `${p.provinceName}人民医院`,
        `${p.provinceShort}医科大学第${nth(r, 3)}附属医院`,
        `${p.provinceName}妇幼保健院`,
      ]),
    city: (r, p) =>
      r.weighted([
        [`${p.cityName}人民医院`, 4],
        [`${p.cityName}第${nth(r, 5)}人民医院`, 3],
        [`${p.cityName}中医医院`, 2],
        [`${p.cityName}妇幼保健院`, 2],
        [`${p.cityName}中心医院`, 1],
        [`${p.cityName}儿童医院`, 1],
        [`${p.cityName}口腔医院`, 1],
      ]),
    district: (r, p) =>
      r.weighted([
        [`${p.prefix}人民医院`, 4],
        [`${p.prefix}中医医院`, 2],
        [`${p.prefix}妇幼保健院`, 1],
        [`${p.prefix}第${nth(r, 3)}人民医院`, 1],
      ]),
  },
  school: {
    levels: [
      ['city', 4],
      ['district', 6],
    ],
    city: (r, p) =>
      r.weighted([
        [`${p.cityName}第${nth(r, 19)}中学`, 4],
        [`${p.cityName}实验学校`, 1],
        [`${p.cityName}外国语学校`, 1],
        [`${p.cityName}职业技术学校`, 1],
      ]),
    district: (r, p) =>
      r.weighted([
        [`${p.prefix}实验小学`, 2],
        [`${p.prefix}第${nth(r, 9)}中学`, 3],
        [`${p.prefix}第${nth(r, 12)}小学`, 3],
        [`${p.prefix}职业中等专业学校`, 1],
      ]),
  },
  university: {
    levels: [
      ['province', 3],
      ['city', 2],
    ],
    province: (r, p) =>
      r.pick([
        `${p.provinceShort}大学`,
        `${p.provinceShort}师范大学`,
        `${p.provinceShort}理工大学`,
        `${p.provinceShort}农业大学`,
        `${p.provinceShort}医科大学`,
        `${p.provinceShort}财经大学`,
        `${p.provinceShort}交通职业技术学院`,
        `${p.provinceShort}工业职业技术学院`,
      ]),
    city: (r, p) =>
      r.pick([
        `${p.cityShort}大学`,
        `${p.cityShort}学院`,
        `${p.cityShort}职业技术学院`,
        `${p.cityShort}师范学院`,
      ]),
  },
  police: {
    levels: [
      ['province', 1],
      ['city', 5],
      ['district', 4],
    ],
    province: (_r, p) => `${p.provinceName}公安厅`,
    city: (r, p) =>
      r.weighted([
        [`${p.cityName}公安局`, 4],
        [`${p.cityName}公安局交通警察支队`, 1],
      ]),
    district: (_r, p) =>
      p.districtName?.endsWith('区') ? `${p.cityName}公安局${p.districtName}分局` : `${p.prefix}公安局`,
  },
  education: {
    levels: [
      ['province', 1],
      ['city', 4],
      ['district', 5],
    ],
    province: (_r, p) => `${p.provinceName}教育厅`,
    city: (_r, p) => `${p.cityName}教育局`,
    district: (_r, p) => `${p.prefix}教育局`,
  },
  housing: {
    levels: [
      ['province', 1],
      ['city', 5],
      ['district', 4],
    ],
    province: (_r, p) => `${p.provinceName}住房和城乡建设厅`,
    city: (_r, p) => `${p.cityName}住房和城乡建设局`,
    district: (_r, p) => `${p.prefix}住房和城乡建设局`,
  },
  transport: {
    levels: [
      ['province', 1],
      ['city', 5],
      ['district', 3],
    ],
    province: (_r, p) => `${p.provinceName}交通运输厅`,
    city: (r, p) => r.pick([`${p.cityName}交通运输局`, `${p.cityName}公路事业发展中心`]),
    district: (_r, p) => `${p.prefix}交通运输局`,
  },
  urban: {
    levels: [
      ['city', 4],
      ['district', 6],
    ],
    city: (r, p) => r.pick([`${p.cityName}城市管理局`, `${p.cityName}城市管理和综合执法局`]),
    district: (r, p) => r.pick([`${p.prefix}城市管理局`, `${p.prefix}城市管理和综合执法局`]),
  },
  water: {
    levels: [
      ['province', 1],
      ['city', 4],
      ['district', 5],
    ],
    province: (_r, p) => `${p.provinceName}水利厅`,
    city: (_r, p) => `${p.cityName}水务局`,
    district: (_r, p) => `${p.prefix}水利局`,
  },
  health: {
    levels: [
      ['province', 1],
      ['city', 5],
      ['district', 4],
    ],
    province: (_r, p) => `${p.provinceName}卫生健康委员会`,
    city: (_r, p) => `${p.cityName}卫生健康委员会`,
    district: (_r, p) => `${p.prefix}卫生健康局`,
  },
  government: {
    levels: [
      ['city', 4],
      ['district', 6],
    ],
    city: (r, p) => r.pick([`${p.cityName}机关事务管理局`, `${p.cityName}人民政府办公室`]),
    district: (r, p) =>
      r.weighted([
        [`${p.prefix}人民政府办公室`, 2],
        [`${p.prefix}机关事务服务中心`, 1],
        [
          `${p.prefix}人民政府${r.pick(['城关', '东城', '西城', '南湖', '北关', '新华', '城南', '城北'])}街道办事处`,
          3,
        ],
      ]),
  },
  power: {
    levels: [
      ['province', 1],
      ['city', 6],
      ['district', 3],
    ],
    province: (_r, p) => `国网${p.provinceName}电力有限公司`,
    city: (_r, p) => `国网${p.cityShort}供电公司`,
    district: (_r, p) =>
      p.districtName?.endsWith('区') ? `国网${p.cityShort}供电公司` : `国网${p.districtName}供电公司`,
  },
  cityInvest: {
    levels: [
      ['city', 6],
      ['district', 4],
    ],
    city: (r, p) =>
      r.pick([
        `${p.cityShort}城市建设投资集团有限公司`,
        `${p.cityShort}城市发展集团有限公司`,
        `${p.cityShort}交通投资集团有限公司`,
      ]),
    district: (r, p) =>
      r.pick([`${p.districtShort}城市建设投资有限公司`, `${p.districtShort}国有资产投资经营有限公司`]),
  },
  cdc: {
    levels: [
      ['province', 1],
      ['city', 5],
      ['district', 4],
    ],
    province: (_r, p) => `${p.provinceName}疾病预防控制中心`,
    city: (_r, p) => `${p.cityName}疾病预防控制中心`,
    district: (_r, p) => `${p.prefix}疾病预防控制中心`,
  },
  ecology: {
    levels: [
      ['city', 7],
      ['district', 3],
    ],
    city: (_r, p) => `${p.cityName}生态环境局`,
    district: (_r, p) => `${p.cityName}生态环境局${p.districtShort}分局`,
  },
  naturalResources: {
    levels: [
      ['city', 6],
      ['district', 4],
    ],
    city: (_r, p) => `${p.cityName}自然资源和规划局`,
    district: (_r, p) => `${p.prefix}自然资源局`,
  },
  market: {
    levels: [
      ['city', 5],
      ['district', 5],
    ],
    city: (_r, p) => `${p.cityName}市场监督管理局`,
    district: (_r, p) => `${p.prefix}市场监督管理局`,
  },
  culture: {
    levels: [
      ['city', 6],
      ['district', 4],
    ],
    city: (r, p) => r.pick([`${p.cityName}文化广电旅游局`, `${p.cityName}图书馆`, `${p.cityName}博物馆`]),
    district: (_r, p) => `${p.prefix}文化广电旅游局`,
  },
};

function organisation(random: Random, name: string, place: Place): Organisation {
  return {
    name,
    place,
    address: streetAddress(random, place.prefix),
    contactName: contactName(random),
    contactPhone: phoneIn(random, place.cityName),
  };
}

/** A public buyer of the kind, somewhere in the mainland (big cities more often). */
export function pickPurchaser(random: Random, kind: PurchaserKind): Organisation {
  const spec = KINDS[kind];
  const place = pickPlace(random, random.weighted(spec.levels));
  const name =
    place.level === 'province' && spec.province
      ? spec.province(random, place)
      : place.level === 'district' && spec.district
        ? spec.district(random, place)
        : spec.city(random, cityLevelOf(place));
  return organisation(
    random,
    name,
    place.level === 'district' && !spec.district ? cityLevelOf(place) : place,
  );
}

/** An enterprise that builds for itself (产业项目 owners). */
export function pickEnterpriseOwner(random: Random): Organisation {
  const place = pickPlace(random, random.chance(0.6) ? 'district' : 'city');
  const suffix = random.pick([
    '实业有限公司',
    '置业有限公司',
    '新能源科技有限公司',
    '新材料有限公司',
    '智能制造有限公司',
    '产业园开发有限公司',
  ]);
  return organisation(random, `${place.cityShort}${tradeName(random)}${suffix}`, place);
}

/** A supplier, agency or consultant, with its home place. */
export interface Company {
  name: string;
  place: Place;
}

function companyName(random: Random, place: Place, suffix: string): string {
  const trade = tradeName(random);
  return random.weighted([
    [`${place.cityName}${trade}${suffix}`, 4],
    [`${place.cityShort}${trade}${suffix}`, 3],
    [`${place.provinceShort}${trade}${suffix}`, 2],
    [`${trade}${suffix}`, 1],
  ]);
}

/**
 * A fixed population of companies, most of them local: winners are drawn from it with a few popular companies
 * winning often, so companies have histories. Built from the seed alone, so it is the same on every run.
 */
export class CompanyPool {
  private readonly byProvince = new Map<string, Company[]>();
  private readonly all: Company[] = [];

  /** How often the company comes from the buyer's own province. */
  private readonly localShare: number;

  constructor(seed: string, size: number, suffixes: readonly string[], localShare = 0.75) {
    this.localShare = localShare;
    const random = new Random(`${seed}|pool`);
    const names = new Set<string>();
    for (let index = 0; index < size; index++) {
      const place = pickPlace(random, 'city');
      let name = companyName(random, place, random.pick(suffixes));
      // A second company of the same name would merge with the first on import: give it another 字号.
      for (let attempt = 0; names.has(name) && attempt < 5; attempt++) {
        name = companyName(random, place, random.pick(suffixes));
      }
      if (names.has(name)) continue;
      names.add(name);
      const company = { name, place };
      this.all.push(company);
      const local = this.byProvince.get(place.provinceCode) ?? [];
      local.push(company);
      this.byProvince.set(place.provinceCode, local);
    }
  }

  /** Mostly a company of the province (popular ones more often), sometimes one from anywhere. */
  pick(random: Random, provinceCode: string): Company {
    const local = this.byProvince.get(provinceCode);
    const candidates = local && random.chance(this.localShare) ? local : this.all;
    return candidates[random.zipf(candidates.length, 1.05)] ?? random.pick(this.all);
  }
}

export function asOrganisation(random: Random, company: Company): Organisation {
  return organisation(random, company.name, company.place);
}

const AGENCY_SUFFIXES = [
  '招标代理有限公司',
  '工程咨询有限公司',
  '项目管理有限公司',
  '招标有限公司',
  '建设工程咨询有限公司',
  '工程造价咨询有限公司',
] as const;

/** Procurement agencies (代理机构) of one pool per seed; public centres (公共资源交易中心) stand beside them. */
export function agencyPool(seed: string, size: number): CompanyPool {
  // Agencies work where they are registered far more than suppliers travel.
  return new CompanyPool(`${seed}|agency`, size, AGENCY_SUFFIXES, 0.9);
}

/** The purchaser's city's centralised procurement centre, the agency for part of government purchases. */
export function procurementCentre(random: Random, place: Place): Organisation {
  const city = cityLevelOf(place);
  return organisation(
    random,
    `${city.cityName}${random.pick(['政府集中采购中心', '公共资源交易中心'])}`,
    city,
  );
}
