import type { Random } from './random';

/** Common surnames, most frequent first (the first ones appear most). */
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );

const GIVEN_NAMES = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '志强',
  '海燕',
  '晓东',
  '文博',
  '子涵',
  '思远',
  '雨桐',
  '俊杰',
  '晓丽',
  '国庆',
  '建国',
  '红梅',
  '春华',
  '浩然',
  '欣怡',
  '嘉豪',
  '宇航',
];

/** Characters Chinese firms build their trade names (字号) from; two of them read like a real 字号. */
const TRADE_NAME_CHARACTERS =
  '华中信达恒盛泰宏鑫瑞兴利通海天金源博创科正德安丰联新远和佳荣康明诚智合众同鼎汇嘉永昌宇航云腾锦润广博聚弘伟祥宸卓越顺晟骏铭泽'.split(
    '',
  );

/** Trade names that are words of their own. */
const TRADE_NAME_WORDS = [
  '万邦',
  '九州',
  '四方',
  '大地',
  '长城',
  '东方',
  '天成',
  '中科',
  '华夏',
  '南方',
  '北辰',
  '蓝天',
];

const ROADS = [
  '人民路',
  '解放路',
  '中山路',
  '建设路',
  '新华路',
  '文化路',
  '和平路',
  '胜利路',
  '长江路',
  '黄河路',
  '世纪大道',
  '朝阳路',
  '东风路',
  '光明路',
  '府前路',
  '学府路',
  '滨江大道',
  '迎宾大道',
  '工业大道',
  '科技路',
  '青年路',
  '北京路',
  '南京路',
  '环城东路',
  '环城西路',
];

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export function chineseNumeral(value: number): string {
  if (value <= 10) return NUMERALS[value - 1] ?? String(value);
  if (value < 20) return `十${NUMERALS[value - 11] ?? ''}`;
  return String(value);
}

export function personName(random: Random): string {
  const surname = SURNAMES[random.zipf(SURNAMES.length, 0.6)] ?? '王';
  return surname + random.pick(GIVEN_NAMES);
}

/** How notices name a contact: a full name, or 王工 / 李女士 / 张先生. */
export function contactName(random: Random): string {
  if (random.chance(0.55)) return personName(random);
  const surname = SURNAMES[random.zipf(SURNAMES.length, 0.6)] ?? '王';
  return (
    surname +
    random.weighted([
      ['工', 4],
      ['女士', 3],
      ['先生', 3],
      ['老师', 1],
    ] as const)
  );
}

export function tradeName(random: Random): string {
  if (random.chance(0.12)) return random.pick(TRADE_NAME_WORDS);
  const first = random.pick(TRADE_NAME_CHARACTERS);
  let second = random.pick(TRADE_NAME_CHARACTERS);
  while (second === first) second = random.pick(TRADE_NAME_CHARACTERS);
  return first + second;
}

export function road(random: Random): string {
  return random.pick(ROADS);
}

export function streetAddress(random: Random, placeName: string): string {
  return `${placeName}${road(random)}${random.int(1, 888)}号`;
}

/** Trunk area codes of the larger cities; elsewhere notices mostly give a mobile number. */
const AREA_CODES: Record<string, string> = {
  北京市: '010',
  上海市: '021',
  天津市: '022',
  重庆市: '023',
  广州市: '020',
  深圳市: '0755',
  杭州市: '0571',
  南京市: '025',
  成都市: '028',
  武汉市: '027',
  西安市: '029',
  沈阳市: '024',
  长沙市: '0731',
  郑州市: '0371',
  济南市: '0531',
  青岛市: '0532',
  福州市: '0591',
  厦门市: '0592',
  合肥市: '0551',
  南昌市: '0791',
  昆明市: '0871',
  贵阳市: '0851',
  南宁市: '0771',
  太原市: '0351',
  石家庄市: '0311',
  哈尔滨市: '0451',
  长春市: '0431',
  兰州市: '0931',
  西宁市: '0971',
  银川市: '0951',
  乌鲁木齐市: '0991',
  呼和浩特市: '0471',
  拉萨市: '0891',
  海口市: '0898',
  苏州市: '0512',
  无锡市: '0510',
  宁波市: '0574',
  温州市: '0577',
  东莞市: '0769',
  佛山市: '0757',
  大连市: '0411',
};

export function mobilePhone(random: Random): string {
  return `1${random.pick(['3', '5', '8', '8', '7', '9'])}${random.digits(9)}`;
}

export function phoneIn(random: Random, cityName: string): string {
  const areaCode = AREA_CODES[cityName];
  if (areaCode && random.chance(0.7)) {
    const length = areaCode.length === 3 ? 8 : 7 + random.int(0, 1);
    return `${areaCode}-${random.int(2, 8)}${random.digits(length - 1)}`;
  }
  return mobilePhone(random);
}
