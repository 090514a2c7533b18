import type { Organisation, PurchaserKind } from './organisations';
import type { Random } from './random';
import { road } from './vocabulary';

/** The catalog's procurement methods (src/catalog/document-types.ts). */
export type MethodCode = 'gk' | 'yq' | 'tp' | 'cs' | 'dy' | 'xj';

/** One lot (包/标段) of a draft project, with its budget in yuan before rounding. */
export interface DraftLot {
  name: string;
  /** 采购需求 / 招标范围 text of the lot. */
  requirement: string;
  budgetYuan: number;
}

export interface ProjectDraft {
  /** Without the purchaser: 彩色多普勒超声诊断仪采购项目. */
  subject: string;
  lots: DraftLot[];
  /** 合同履行期限 / 工期 / 服务期. */
  term: string;
}

/** What a purchaser buys: the industry, who buys it, how, for how much, and who supplies it. */
export interface Category {
  id: string;
  name: string;
  /** GB/T 4754-2017 division of what is bought. */
  industryCode: string;
  /** Works (工程) follow the Tendering and Bidding Law's wording: 招标人, 投标人, 工期. */
  works: boolean;
  /** Share of procurement projects. */
  weight: number;
  purchasers: readonly (readonly [PurchaserKind, number])[];
  methods: readonly (readonly [MethodCode, number])[];
  /** The range every lot total is kept in, in yuan (tests check it). */
  minYuan: number;
  maxYuan: number;
  /** Share of projects run by an agency rather than the purchaser itself. */
  agencyShare: number;
  qualifications: readonly string[];
  supplierSuffixes: readonly string[];
  draft(random: Random, purchaser: Organisation, year: number): ProjectDraft;
}

interface Product {
  name: string;
  unit: string;
  unitYuan: number;
  quantity: readonly [number, number];
  specification: string;
}

/** Goods bought by the piece: lots of one product each, priced by quantity. */
function goodsLots(random: Random, products: readonly Product[], lotCount: number): DraftLot[] {
  const chosen: Product[] = [];
  while (chosen.length < Math.min(lotCount, products.length)) {
    const product = random.pick(products);
    if (!chosen.includes(product)) chosen.push(product);
  }
  return chosen.map((product) => {
    const quantity = random.int(product.quantity[0], product.quantity[1]);
    return {
      name: product.name,
      requirement: `${product.name}，数量：${quantity}${product.unit}，主要技术要求：${product.specification}`,
      budgetYuan: quantity * random.logNormal(product.unitYuan, 0.22),
    };
  });
}

function lotCount(random: Random, multiLotShare: number): number {
  return random.chance(multiLotShare) ? random.int(2, 3) : 1;
}

const MEDICAL_DEVICES: readonly Product[] = [
  {
    name: '彩色多普勒超声诊断仪',
    unit: '台',
    unitYuan: 1_200_000,
    quantity: [1, 3],
    specification: '高端全身应用型，配置不少于4把探头，支持弹性成像及超声造影功能',
  },
  {
    name: '全自动生化分析仪',
    unit: '台',
    unitYuan: 900_000,
    quantity: [1, 2],
    specification: '恒速测试速度≥2000测试/小时（含电解质），样本位≥100个',
  },
  {
    name: '数字化X射线摄影系统（DR）',
    unit: '套',
    unitYuan: 1_100_000,
    quantity: [1, 2],
    specification: '双平板探测器，图像灰阶≥16bit，高压发生器功率≥65kW',
  },
  {
    name: '64排螺旋CT',
    unit: '台',
    unitYuan: 6_500_000,
    quantity: [1, 1],
    specification: '探测器物理排数≥64排，球管热容量≥7MHU，具备低剂量扫描功能',
  },
  {
    name: '1.5T超导磁共振成像系统',
    unit: '台',
    unitYuan: 9_000_000,
    quantity: [1, 1],
    specification: '梯度场强≥33mT/m，梯度切换率≥120T/m/s，射频通道≥16',
  },
  {
    name: '麻醉机',
    unit: '台',
    unitYuan: 350_000,
    quantity: [1, 6],
    specification: '具备容量控制、压力控制及同步间歇指令通气模式，配备麻醉气体监测',
  },
  {
    name: '有创呼吸机',
    unit: '台',
    unitYuan: 260_000,
    quantity: [2, 10],
    specification: '适用于成人、儿童及新生儿，具备无创通气模式',
  },
  {
    name: '电子胃肠镜系统',
    unit: '套',
    unitYuan: 1_800_000,
    quantity: [1, 2],
    specification: '高清图像处理，支持窄带光成像及电子放大功能',
  },
  {
    name: '血液透析机',
    unit: '台',
    unitYuan: 230_000,
    quantity: [2, 10],
    specification: '具备在线血液透析滤过功能及血容量监测',
  },
  {
    name: '多参数监护仪',
    unit: '台',
    unitYuan: 45_000,
    quantity: [5, 40],
    specification: '可监测心电、血氧饱和度、无创血压、呼吸及体温',
  },
  {
    name: '全自动化学发光免疫分析仪',
    unit: '台',
    unitYuan: 1_300_000,
    quantity: [1, 2],
    specification: '测试速度≥200测试/小时，试剂位≥25个',
  },
  {
    name: '口腔综合治疗台',
    unit: '台',
    unitYuan: 90_000,
    quantity: [2, 12],
    specification: '含牙科手机、光固化机及超声洁牙机',
  },
  {
    name: '移动式数字化X射线摄影系统',
    unit: '台',
    unitYuan: 700_000,
    quantity: [1, 2],
    specification: '无线平板探测器，电动助力行走',
  },
  {
    name: '病理切片扫描仪',
    unit: '台',
    unitYuan: 1_500_000,
    quantity: [1, 1],
    specification: '扫描通量≥300张，支持20倍及40倍扫描',
  },
];

const COMPUTERS: readonly Product[] = [
  {
    name: '台式计算机',
    unit: '台',
    unitYuan: 5_200,
    quantity: [20, 400],
    specification: '国产CPU，内存≥16GB，固态硬盘≥512GB，23.8英寸显示器',
  },
  {
    name: '便携式计算机',
    unit: '台',
    unitYuan: 6_500,
    quantity: [10, 120],
    specification: '14英寸，内存≥16GB，固态硬盘≥512GB',
  },
  {
    name: '服务器',
    unit: '台',
    unitYuan: 85_000,
    quantity: [2, 20],
    specification: '2路CPU，内存≥256GB，支持RAID',
  },
  {
    name: 'A3黑白激光多功能一体机',
    unit: '台',
    unitYuan: 9_000,
    quantity: [5, 60],
    specification: '打印速度≥35页/分钟，支持双面打印及网络扫描',
  },
  {
    name: '核心交换机',
    unit: '台',
    unitYuan: 160_000,
    quantity: [1, 4],
    specification: '交换容量≥100Tbps，支持虚拟化',
  },
];

const TEACHING: readonly Product[] = [
  {
    name: '智慧黑板',
    unit: '套',
    unitYuan: 18_000,
    quantity: [10, 120],
    specification: '86英寸，4K显示，内置OPS电脑',
  },
  {
    name: '录播教室设备',
    unit: '套',
    unitYuan: 260_000,
    quantity: [1, 4],
    specification: '支持多机位自动跟踪录制及远程互动',
  },
  {
    name: '物理化学生物实验室设备',
    unit: '套',
    unitYuan: 380_000,
    quantity: [1, 6],
    specification: '含实验台、通风系统及配套仪器',
  },
  {
    name: '体育器材',
    unit: '批',
    unitYuan: 420_000,
    quantity: [1, 2],
    specification: '符合《中小学体育器材和场地》国家标准',
  },
  {
    name: '学生课桌椅',
    unit: '套',
    unitYuan: 420,
    quantity: [300, 3000],
    specification: '可升降，符合GB/T 3976标准',
  },
];

const VEHICLES: Partial<Record<PurchaserKind, Product>> = {
  police: {
    name: '执法执勤车辆',
    unit: '辆',
    unitYuan: 260_000,
    quantity: [2, 20],
    specification: '符合公安部执法执勤车辆标识涂装要求，排放达到国六标准',
  },
  hospital: {
    name: '负压救护车',
    unit: '辆',
    unitYuan: 450_000,
    quantity: [1, 5],
    specification: '负压舱压差-10Pa至-38Pa，配备车载急救设备',
  },
  health: {
    name: '负压救护车',
    unit: '辆',
    unitYuan: 450_000,
    quantity: [1, 6],
    specification: '负压舱压差-10Pa至-38Pa，配备车载急救设备',
  },
  urban: {
    name: '环卫作业车辆',
    unit: '辆',
    unitYuan: 620_000,
    quantity: [1, 8],
    specification: '含洗扫车、压缩式垃圾车，新能源车型优先',
  },
  education: {
    name: '校车',
    unit: '辆',
    unitYuan: 520_000,
    quantity: [2, 10],
    specification: '符合GB 24407专用校车安全技术条件',
  },
  government: {
    name: '新能源公务用车',
    unit: '辆',
    unitYuan: 190_000,
    quantity: [2, 10],
    specification: '纯电动或插电混动，续航里程≥400公里',
  },
  transport: {
    name: '新能源公交车',
    unit: '辆',
    unitYuan: 1_200_000,
    quantity: [5, 40],
    specification: '10.5米纯电动城市客车，续航里程≥300公里',
  },
};

const years = (random: Random) => random.pick([1, 1, 2, 3]);

/** A public works name bound to the purchaser's place (道路, 河道, 校舍 …). */
export function worksName(
  random: Random,
  purchaser: Organisation,
  kind: 'building' | 'civil' | 'fitOut',
): string {
  const place = purchaser.place.level === 'province' ? purchaser.place.cityName : purchaser.place.prefix;
  if (kind === 'building') {
    return random.pick([
      `${purchaser.name}${random.pick(['教学综合楼', '住院综合楼', '业务用房', '学生宿舍楼', '综合服务中心'])}新建工程`,
      `${place}${random.pick(['老旧小区改造工程', '保障性租赁住房项目', '城市更新片区配套工程'])}`,
      `${purchaser.name}${random.pick(['校园改扩建工程', '门急诊楼改扩建工程', '食堂改造工程'])}`,
    ]);
  }
  if (kind === 'civil') {
    return random.pick([
      `${place}${road(random)}提升改造工程`,
      `${place}${random.pick(['东', '西', '南', '北', '清水', '白沙', '小'])}河综合整治工程`,
      `${place}${random.pick(['雨污分流管网改造工程', '农村公路提档升级工程', '桥梁维修加固工程', '城区排水防涝设施建设工程'])}`,
    ]);
  }
  return `${purchaser.name}${random.pick(['办公楼装修改造工程', '门诊楼装饰装修工程', '会议中心装修工程', '档案室改造工程'])}`;
}

function servicesLots(
  random: Random,
  name: string,
  requirement: string,
  median: number,
  sigma: number,
): DraftLot[] {
  return [{ name, requirement, budgetYuan: random.logNormal(median, sigma) }];
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 'medical',
    name: '医疗设备',
    industryCode: '35',
    works: false,
    weight: 10,
    purchasers: [
      ['hospital', 8],
      ['health', 1],
      ['cdc', 1],
    ],
    methods: [
      ['gk', 6],
      ['cs', 1.5],
      ['tp', 0.7],
      ['dy', 0.8],
      ['xj', 0.6],
    ],
    minYuan: 30_000,
    maxYuan: 40_000_000,
    agencyShare: 0.75,
    qualifications: [
      '投标人须具有有效的《医疗器械经营许可证》或《第二类医疗器械经营备案凭证》',
      '所投产品须具有有效的《医疗器械注册证》',
    ],
    supplierSuffixes: [
      '医疗器械有限公司',
      '医疗科技有限公司',
      '医疗设备有限公司',
      '生物医疗科技有限公司',
      '医药有限公司',
    ],
    draft(random, _purchaser, year) {
      const lots = goodsLots(random, MEDICAL_DEVICES, lotCount(random, 0.25));
      return {
        subject: lots.length > 1 ? `${year}年医疗设备采购项目` : `${lots[0]?.name}采购项目`,
        lots,
        term: `合同签订后${random.pick([30, 45, 60, 90])}日内交货并安装调试完毕`,
      };
    },
  },
  {
    id: 'it',
    name: '信息化建设',
    industryCode: '65',
    works: false,
    weight: 12,
    purchasers: [
      ['education', 2],
      ['school', 1],
      ['university', 2],
      ['hospital', 2],
      ['police', 1.5],
      ['urban', 1],
      ['government', 2],
      ['market', 1],
      ['health', 1],
      ['transport', 1],
    ],
    methods: [
      ['gk', 5],
      ['cs', 3],
      ['tp', 1],
      ['dy', 0.3],
    ],
    minYuan: 50_000,
    maxYuan: 50_000_000,
    agencyShare: 0.8,
    qualifications: [
      '投标人须提供近三年内不少于1个类似项目的业绩证明',
      '投标人须承诺所投软件产品拥有合法的知识产权',
    ],
    supplierSuffixes: [
      '信息技术有限公司',
      '软件有限公司',
      '数字科技有限公司',
      '智能科技有限公司',
      '网络科技有限公司',
      '信息产业股份有限公司',
      '电子科技有限公司',
    ],
    draft(random, purchaser, year) {
      const subject = random.pick([
        '信息系统运维服务项目',
        '网络安全等级保护测评服务项目',
        '数据中心机房改造项目',
        '视频监控系统建设项目',
        '办公自动化（OA）系统升级项目',
        '云平台租赁服务项目',
        /医院/.test(purchaser.name) ? '电子病历系统升级改造项目' : '政务数据共享平台建设项目',
        /学|学校|教育/.test(purchaser.name) ? '智慧校园平台建设项目' : '业务管理信息系统建设项目',
        /城市管理/.test(purchaser.name) ? '智慧城管综合管理平台项目' : '档案数字化加工服务项目',
      ]);
      const requirement = `${subject.replace(/项目$/, '')}，包括需求调研、软硬件部署、系统集成、数据迁移、培训及${years(random)}年运维服务`;
      return {
        subject: subject.startsWith('信息系统运维') ? `${year}年${subject}` : subject,
        lots: servicesLots(random, subject.replace(/项目$/, ''), requirement, 900_000, 0.9),
        term: random.pick([
          `合同签订后${random.pick([90, 120, 180])}日内完成建设并通过验收`,
          `服务期${years(random)}年`,
        ]),
      };
    },
  },
  {
    id: 'property',
    name: '物业服务',
    industryCode: '70',
    works: false,
    weight: 8,
    purchasers: [
      ['hospital', 3],
      ['government', 3],
      ['school', 2],
      ['university', 2],
      ['police', 1],
      ['housing', 1],
      ['culture', 1],
      ['market', 1],
      ['health', 1],
    ],
    methods: [
      ['gk', 6],
      ['cs', 3],
      ['tp', 0.5],
    ],
    minYuan: 100_000,
    maxYuan: 30_000_000,
    agencyShare: 0.8,
    qualifications: ['投标人须具有独立承担民事责任的能力', '拟派项目经理须具有3年以上物业管理相关工作经验'],
    supplierSuffixes: ['物业管理有限公司', '物业服务有限公司', '物业服务集团有限公司', '保安服务有限公司'],
    draft(random, _purchaser, year) {
      const service = random.weighted([
        ['物业管理服务', 5],
        ['保安服务', 2],
        ['保洁服务', 2],
        ['后勤综合服务', 1],
      ] as const);
      const term = years(random);
      const area = random.int(8, 260) * 1000;
      return {
        subject: term > 1 ? `${year}—${year + term}年度${service}采购项目` : `${service}采购项目`,
        lots: servicesLots(
          random,
          service,
          `${service}，服务面积约${area}平方米，包括秩序维护、保洁、绿化养护、设施设备维护及会务服务等`,
          (1_200_000 * term * area) / 60_000,
          0.5,
        ),
        term: `服务期${term}年`,
      };
    },
  },
  {
    id: 'building',
    name: '房屋建筑工程',
    industryCode: '47',
    works: true,
    weight: 6,
    purchasers: [
      ['school', 2],
      ['education', 2],
      ['hospital', 2],
      ['health', 1],
      ['cityInvest', 3],
      ['government', 1],
    ],
    methods: [
      ['gk', 8],
      ['yq', 0.4],
      ['cs', 1.2],
    ],
    minYuan: 500_000,
    maxYuan: 800_000_000,
    agencyShare: 0.9,
    qualifications: [
      '投标人须具备建筑工程施工总承包三级及以上资质，并具有有效的安全生产许可证',
      '拟派项目经理须具备建筑工程专业二级及以上注册建造师执业资格，且未担任其他在建工程项目的项目经理',
    ],
    supplierSuffixes: ['建设集团有限公司', '建筑工程有限公司', '建工集团有限公司', '建设工程有限公司'],
    draft(random, purchaser) {
      const subject = worksName(random, purchaser, 'building');
      const floorArea = random.int(30, 600) * 100;
      return {
        subject: `${subject}施工`,
        lots: servicesLots(
          random,
          subject,
          `${subject}，总建筑面积约${floorArea}平方米，招标范围为施工图纸及工程量清单范围内的全部内容`,
          12_000_000,
          1.0,
        ),
        term: `计划工期${random.pick([180, 240, 300, 365, 540, 720])}日历天`,
      };
    },
  },
  {
    id: 'civil',
    name: '市政交通工程',
    industryCode: '48',
    works: true,
    weight: 6,
    purchasers: [
      ['transport', 3],
      ['housing', 2],
      ['urban', 1],
      ['water', 2],
      ['cityInvest', 3],
    ],
    methods: [
      ['gk', 8],
      ['yq', 0.3],
      ['cs', 1.5],
    ],
    minYuan: 300_000,
    maxYuan: 1_000_000_000,
    agencyShare: 0.9,
    qualifications: [
      '投标人须具备市政公用工程施工总承包三级及以上资质，并具有有效的安全生产许可证',
      '拟派项目经理须具备市政公用工程专业二级及以上注册建造师执业资格',
    ],
    supplierSuffixes: [
      '市政工程有限公司',
      '路桥建设有限公司',
      '交通建设集团有限公司',
      '水利水电工程有限公司',
      '市政建设集团有限公司',
    ],
    draft(random, purchaser) {
      const subject = worksName(random, purchaser, 'civil');
      const length = (random.int(5, 120) / 10).toFixed(1);
      return {
        subject: `${subject}施工`,
        lots: servicesLots(
          random,
          subject,
          `${subject}，建设长度约${length}公里，包括道路、排水、照明、交通设施及绿化等`,
          8_000_000,
          1.1,
        ),
        term: `计划工期${random.pick([90, 150, 180, 240, 365, 540])}日历天`,
      };
    },
  },
  {
    id: 'fitOut',
    name: '装饰装修工程',
    industryCode: '50',
    works: true,
    weight: 4,
    purchasers: [
      ['hospital', 2],
      ['government', 2],
      ['school', 2],
      ['police', 1],
      ['culture', 1],
      ['market', 1],
    ],
    methods: [
      ['gk', 5],
      ['cs', 3],
      ['tp', 0.5],
    ],
    minYuan: 100_000,
    maxYuan: 50_000_000,
    agencyShare: 0.85,
    qualifications: [
      '投标人须具备建筑装修装饰工程专业承包二级及以上资质',
      '拟派项目经理须具备建筑工程专业二级及以上注册建造师执业资格',
    ],
    supplierSuffixes: ['装饰工程有限公司', '建筑装饰设计工程有限公司', '装饰集团有限公司'],
    draft(random, purchaser) {
      const subject = worksName(random, purchaser, 'fitOut');
      return {
        subject,
        lots: servicesLots(
          random,
          subject,
          `${subject}，包括拆除、墙地面、吊顶、水电安装及消防改造等`,
          2_000_000,
          0.9,
        ),
        term: `计划工期${random.pick([45, 60, 90, 120, 150])}日历天`,
      };
    },
  },
  {
    id: 'canteen',
    name: '食堂食材配送',
    industryCode: '51',
    works: false,
    weight: 5,
    purchasers: [
      ['school', 5],
      ['education', 2],
      ['hospital', 2],
      ['police', 1],
      ['government', 1],
      ['university', 2],
    ],
    methods: [
      ['gk', 6],
      ['cs', 3],
    ],
    minYuan: 100_000,
    maxYuan: 20_000_000,
    agencyShare: 0.8,
    qualifications: ['投标人须具有有效的《食品经营许可证》', '投标人须具备冷链配送能力，配送车辆不少于2辆'],
    supplierSuffixes: [
      '农产品配送有限公司',
      '食品有限公司',
      '供应链管理有限公司',
      '餐饮管理有限公司',
      '农业发展有限公司',
    ],
    draft(random, _purchaser, year) {
      const subject = random.pick([
        '食堂食材配送服务采购项目',
        `${year}年学生营养餐食材采购项目`,
        '大宗食材定点采购项目',
      ]);
      const lots = random.chance(0.3)
        ? ['米面粮油', '蔬菜水果', '肉类及冻品'].map((name) => ({
            name,
            requirement: `${name}配送，按需每日配送，质量符合食品安全国家标准`,
            budgetYuan: random.logNormal(500_000, 0.7),
          }))
        : servicesLots(
            random,
            '食材配送',
            '米面粮油、蔬菜水果、肉禽蛋及调味品配送，按需每日配送，质量符合食品安全国家标准',
            1_500_000,
            0.8,
          );
      return { subject, lots, term: '服务期1年' };
    },
  },
  {
    id: 'vehicles',
    name: '车辆采购',
    industryCode: '36',
    works: false,
    weight: 4,
    purchasers: [
      ['police', 3],
      ['hospital', 1],
      ['health', 1],
      ['urban', 2],
      ['education', 1],
      ['government', 2],
      ['transport', 1],
    ],
    methods: [
      ['gk', 6],
      ['cs', 2],
      ['xj', 2],
      ['dy', 0.3],
    ],
    minYuan: 150_000,
    maxYuan: 60_000_000,
    agencyShare: 0.8,
    qualifications: [
      '所投车辆须列入工业和信息化部《道路机动车辆生产企业及产品公告》',
      '投标人须为所投车辆的生产厂家或其授权经销商',
    ],
    supplierSuffixes: ['汽车销售服务有限公司', '汽车贸易有限公司', '专用汽车有限公司', '汽车集团有限公司'],
    draft(random, purchaser) {
      const kind = (Object.keys(VEHICLES) as PurchaserKind[]).find(
        (key) => purchaserKindOf(purchaser) === key,
      );
      const product = (kind && VEHICLES[kind]) ?? VEHICLES.government;
      const lots = goodsLots(random, product ? [product] : [], 1);
      return {
        subject: `${product?.name}采购项目`,
        lots,
        term: `合同签订后${random.pick([30, 45, 60, 90])}日内交付`,
      };
    },
  },
  {
    id: 'supervision',
    name: '工程监理',
    industryCode: '74',
    works: false,
    weight: 4,
    purchasers: [
      ['housing', 2],
      ['transport', 2],
      ['cityInvest', 3],
      ['education', 1],
      ['hospital', 1],
      ['water', 1],
    ],
    methods: [
      ['gk', 6],
      ['cs', 3],
    ],
    minYuan: 50_000,
    maxYuan: 30_000_000,
    agencyShare: 0.85,
    qualifications: [
      '投标人须具备房屋建筑工程或市政公用工程监理乙级及以上资质',
      '拟派总监理工程师须具备注册监理工程师执业资格',
    ],
    supplierSuffixes: ['工程监理有限公司', '建设监理咨询有限公司', '工程项目管理有限公司'],
    draft(random, purchaser) {
      const works = worksName(random, purchaser, random.chance(0.5) ? 'building' : 'civil');
      return {
        subject: `${works}监理服务`,
        lots: servicesLots(
          random,
          `${works}监理`,
          `${works}施工阶段及缺陷责任期的全过程监理服务`,
          600_000,
          0.9,
        ),
        term: '监理服务期与施工工期一致，含缺陷责任期',
      };
    },
  },
  {
    id: 'design',
    name: '勘察设计',
    industryCode: '74',
    works: false,
    weight: 4,
    purchasers: [
      ['housing', 2],
      ['transport', 2],
      ['cityInvest', 3],
      ['naturalResources', 1],
      ['water', 1],
      ['education', 1],
    ],
    methods: [
      ['gk', 6],
      ['cs', 3],
    ],
    minYuan: 50_000,
    maxYuan: 30_000_000,
    agencyShare: 0.85,
    qualifications: [
      '投标人须具备工程设计相应行业乙级及以上资质',
      '拟派项目负责人须具备一级注册建筑师或一级注册结构工程师执业资格',
    ],
    supplierSuffixes: [
      '建筑设计研究院有限公司',
      '勘察设计有限公司',
      '规划设计研究院有限公司',
      '工程设计有限公司',
    ],
    draft(random, purchaser) {
      const works = worksName(random, purchaser, random.chance(0.5) ? 'building' : 'civil');
      const service = random.pick(['勘察设计', '工程设计', '全过程工程咨询服务']);
      return {
        subject: `${works}${service}`,
        lots: servicesLots(
          random,
          service,
          `${works}的${service}，包括方案设计、初步设计、施工图设计及施工配合`,
          900_000,
          1.0,
        ),
        term: `合同签订后${random.pick([60, 90, 120])}日内提交施工图设计文件`,
      };
    },
  },
  {
    id: 'furniture',
    name: '办公家具',
    industryCode: '21',
    works: false,
    weight: 4,
    purchasers: [
      ['government', 3],
      ['school', 2],
      ['hospital', 1],
      ['university', 1],
      ['police', 1],
      ['market', 1],
    ],
    methods: [
      ['gk', 3],
      ['cs', 2],
      ['xj', 3],
    ],
    minYuan: 30_000,
    maxYuan: 10_000_000,
    agencyShare: 0.7,
    qualifications: ['所投产品须符合GB 18580等国家环保标准', '投标人须提供所投产品的质量检测报告'],
    supplierSuffixes: ['家具有限公司', '家具制造有限公司', '办公家具有限公司'],
    draft(random) {
      return {
        subject: random.pick(['办公家具采购项目', '会议室家具采购项目', '学生公寓家具采购项目']),
        lots: servicesLots(
          random,
          '办公家具',
          '办公桌椅、文件柜、会议桌椅、沙发等，含运输及安装',
          400_000,
          0.8,
        ),
        term: `合同签订后${random.pick([20, 30, 45])}日内交货安装完毕`,
      };
    },
  },
  {
    id: 'computers',
    name: '计算机及办公设备',
    industryCode: '39',
    works: false,
    weight: 5,
    purchasers: [
      ['government', 3],
      ['education', 2],
      ['school', 2],
      ['hospital', 1],
      ['police', 1],
      ['market', 1],
      ['university', 1],
    ],
    methods: [
      ['gk', 3],
      ['cs', 1],
      ['xj', 4],
    ],
    minYuan: 30_000,
    maxYuan: 20_000_000,
    agencyShare: 0.7,
    qualifications: [
      '所投产品须为国内正规渠道产品，提供原厂质保承诺',
      '涉及信息安全产品的，须符合国家信创要求',
    ],
    supplierSuffixes: ['电脑科技有限公司', '电子科技有限公司', '信息技术有限公司', '科技发展有限公司'],
    draft(random, _purchaser, year) {
      const lots = goodsLots(random, COMPUTERS, lotCount(random, 0.3));
      return {
        subject: lots.length > 1 ? `${year}年计算机及外围设备采购项目` : `${lots[0]?.name}采购项目`,
        lots,
        term: `合同签订后${random.pick([15, 20, 30])}日内交货`,
      };
    },
  },
  {
    id: 'teaching',
    name: '教学设备',
    industryCode: '24',
    works: false,
    weight: 5,
    purchasers: [
      ['school', 5],
      ['education', 3],
      ['university', 2],
    ],
    methods: [
      ['gk', 5],
      ['cs', 2],
      ['xj', 2],
    ],
    minYuan: 30_000,
    maxYuan: 20_000_000,
    agencyShare: 0.75,
    qualifications: ['所投产品须符合国家教育装备相关标准', '投标人须提供所投产品的质量检测报告'],
    supplierSuffixes: ['教育科技有限公司', '教学设备有限公司', '文体用品有限公司'],
    draft(random, _purchaser, year) {
      const lots = goodsLots(random, TEACHING, lotCount(random, 0.25));
      return {
        subject: lots.length > 1 ? `${year}年教育装备采购项目` : `${lots[0]?.name}采购项目`,
        lots,
        term: `合同签订后${random.pick([30, 45, 60])}日内交货安装完毕`,
      };
    },
  },
  {
    id: 'sanitation',
    name: '环卫绿化',
    industryCode: '78',
    works: false,
    weight: 5,
    purchasers: [
      ['urban', 5],
      ['housing', 1],
      ['cityInvest', 2],
      ['government', 1],
    ],
    methods: [
      ['gk', 7],
      ['cs', 2],
    ],
    minYuan: 200_000,
    maxYuan: 100_000_000,
    agencyShare: 0.85,
    qualifications: [
      '投标人须具备履行合同所必需的作业设备和专业技术能力',
      '投标人近三年内无重大安全生产事故',
    ],
    supplierSuffixes: [
      '环境服务有限公司',
      '环境卫生管理有限公司',
      '园林绿化工程有限公司',
      '环保科技有限公司',
    ],
    draft(random, purchaser) {
      const service = random.pick([
        '道路清扫保洁服务',
        '园林绿化养护服务',
        '生活垃圾分类收运服务',
        '公厕保洁管理服务',
      ]);
      const term = years(random);
      const place = purchaser.place.level === 'province' ? purchaser.place.cityName : purchaser.place.prefix;
      return {
        subject: `${place}${service}项目`,
        lots: servicesLots(
          random,
          service,
          `${place}${service}，作业面积约${random.int(20, 900)}万平方米`,
          3_000_000 * term,
          0.9,
        ),
        term: `服务期${term}年`,
      };
    },
  },
  {
    id: 'consulting',
    name: '咨询审计服务',
    industryCode: '72',
    works: false,
    weight: 6,
    purchasers: [
      ['government', 3],
      ['health', 1],
      ['education', 1],
      ['market', 1],
      ['hospital', 1],
      ['cityInvest', 2],
      ['culture', 1],
    ],
    methods: [
      ['cs', 4],
      ['gk', 2],
      ['xj', 2],
      ['tp', 1],
    ],
    minYuan: 10_000,
    maxYuan: 5_000_000,
    agencyShare: 0.6,
    qualifications: [
      '投标人须为依法设立的会计师事务所、律师事务所或工程造价咨询企业',
      '拟派项目负责人须具备相应执业资格',
    ],
    supplierSuffixes: [
      '会计师事务所（特殊普通合伙）',
      '会计师事务所有限公司',
      '工程造价咨询有限公司',
      '律师事务所',
      '资产评估有限公司',
    ],
    draft(random, _purchaser, year) {
      const service = random.pick([
        `${year}年度财务审计服务`,
        '常年法律顾问服务',
        '工程造价咨询服务',
        '全过程跟踪审计服务',
        '资产评估服务',
      ]);
      return {
        subject: `${service}项目`,
        lots: servicesLots(random, service, `${service}，按委托内容出具专业报告`, 200_000, 0.8),
        term: `服务期${years(random)}年`,
      };
    },
  },
  {
    id: 'grid',
    name: '电力物资',
    industryCode: '38',
    works: false,
    weight: 4,
    purchasers: [['power', 1]],
    methods: [
      ['gk', 8],
      ['tp', 1],
    ],
    minYuan: 100_000,
    maxYuan: 200_000_000,
    agencyShare: 0.6,
    qualifications: [
      '所投产品须具有有效的型式试验报告',
      '投标人须具有国家电网有限公司供应商资质能力核实证明',
    ],
    supplierSuffixes: ['电气有限公司', '电力设备有限公司', '电缆有限公司', '变压器有限公司'],
    draft(random, _purchaser, year) {
      const subject = random.pick([
        `${year}年第${random.int(1, 4)}批配网物资协议库存采购项目`,
        '10kV箱式变电站采购项目',
        '电力电缆及附件采购项目',
        '配电变压器采购项目',
      ]);
      return {
        subject,
        lots: servicesLots(
          random,
          subject.replace(/采购项目$/, ''),
          `${subject.replace(/采购项目$/, '')}，含运输、卸货及技术服务`,
          3_000_000,
          1.0,
        ),
        term: `合同签订后${random.pick([30, 60, 90])}日内按需分批交货`,
      };
    },
  },
];

const KIND_PATTERNS: readonly [PurchaserKind, RegExp][] = [
  ['police', /公安/],
  ['hospital', /医院|保健院/],
  ['health', /卫生健康/],
  ['urban', /城市管理/],
  ['education', /教育/],
  ['transport', /交通运输|公路/],
];

/** The kind of a purchaser, read back from its name (which vehicles it buys). */
function purchaserKindOf(purchaser: Organisation): PurchaserKind {
  return KIND_PATTERNS.find(([, pattern]) => pattern.test(purchaser.name))?.[0] ?? 'government';
}

/** The investment projects behind 拟建 and 审批 records: what is built, by whom, for how much (yuan). */
export interface ConstructionKind {
  id: string;
  industryCode: string;
  /** Public (approved: 立项 → 可研 → 初设) or enterprise (filed: 备案/核准). */
  owner: 'public' | 'enterprise';
  purchasers: readonly (readonly [PurchaserKind, number])[];
  medianYuan: number;
  minYuan: number;
  maxYuan: number;
  name(random: Random, owner: Organisation): string;
  scale(random: Random): string;
  /** The construction tender that may follow. */
  tenderCategory: string;
}

export const CONSTRUCTION_KINDS: readonly ConstructionKind[] = [
  {
    id: 'publicBuilding',
    industryCode: '47',
    owner: 'public',
    purchasers: [
      ['education', 3],
      ['health', 2],
      ['hospital', 2],
      ['cityInvest', 3],
    ],
    medianYuan: 150_000_000,
    minYuan: 5_000_000,
    maxYuan: 5_000_000_000,
    name: (random, owner) => worksName(random, owner, 'building'),
    scale: (random) => {
      const total = random.int(80, 2400) * 100;
      const under = Math.round(total * (random.int(10, 30) / 100));
      return `总建筑面积约${total}平方米，其中地上${total - under}平方米，地下${under}平方米，主要建设${random.pick(['教学楼、实验楼、风雨操场及配套设施', '门急诊医技楼、住院楼及配套用房', '安置住房及配套商业、地下车库'])}。`;
    },
    tenderCategory: 'building',
  },
  {
    id: 'infrastructure',
    industryCode: '48',
    owner: 'public',
    purchasers: [
      ['transport', 3],
      ['water', 2],
      ['housing', 2],
      ['cityInvest', 3],
    ],
    medianYuan: 200_000_000,
    minYuan: 5_000_000,
    maxYuan: 10_000_000_000,
    name: (random, owner) => worksName(random, owner, 'civil'),
    scale: (random) =>
      `建设长度约${(random.int(8, 300) / 10).toFixed(1)}公里，红线宽度${random.pick([24, 30, 40, 50, 60])}米，建设内容包括道路、桥涵、排水、照明、交通及绿化工程。`,
    tenderCategory: 'civil',
  },
  {
    id: 'industrial',
    industryCode: '47',
    owner: 'enterprise',
    purchasers: [],
    medianYuan: 300_000_000,
    minYuan: 10_000_000,
    maxYuan: 20_000_000_000,
    name: (random, owner) =>
      `${owner.name.replace(/有限公司$/, '')}${random.pick(['年产', '新建'])}${random.pick(['新能源电池材料', '高端装备零部件', '智能终端', '绿色建材', '生物医药', '光伏组件'])}${random.pick(['生产基地项目', '产业化项目', '智能工厂项目'])}`,
    scale: (random) =>
      `项目用地约${random.int(20, 600)}亩，新建生产厂房${random.int(2, 12)}栋及研发办公楼、仓库等配套设施，总建筑面积约${random.int(20, 400) * 1000}平方米。`,
    tenderCategory: 'building',
  },
];
