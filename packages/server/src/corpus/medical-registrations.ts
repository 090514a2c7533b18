/**
 * The 医疗器械注册证 an award notice of the demo corpus states for a medical device it buys: brand, model, holder
 * and the registration's number and dates. Brands and holders are invented (the corpus's companies are too); the
 * numbers follow NMPA's format (国械注准/国械注进 + year + class + catalogue code + serial) so that the details'
 * extraction reads them as it reads real notices. Chosen from the lot's award in fen, so the corpus's random
 * stream — and every other notice — stays as it was.
 */
interface DeviceLine {
  brands: readonly { brand: string; model: string; holder: string; imported: boolean }[];
  /** Management class and catalogue code (《医疗器械分类目录》): 3 06 ultrasound, 2 07 monitors … */
  classCode: string;
}

const DEVICE_LINES: Readonly<Record<string, DeviceLine>> = {
  彩色多普勒超声诊断仪: {
    classCode: '306',
    brands: [
      { brand: '华声', model: 'HS-R7', holder: '深圳华声医疗电子有限公司', imported: false },
      { brand: '声德', model: 'Vivid S90', holder: '声德医疗系统（中国）有限公司', imported: true },
    ],
  },
  全自动生化分析仪: {
    classCode: '222',
    brands: [{ brand: '康检', model: 'BS-2000', holder: '苏州康检生物科技有限公司', imported: false }],
  },
  '数字化X射线摄影系统（DR）': {
    classCode: '306',
    brands: [{ brand: '明影', model: 'DR-760', holder: '上海明影医疗科技有限公司', imported: false }],
  },
  '64排螺旋CT': {
    classCode: '306',
    brands: [
      { brand: '睿影', model: 'uCT 560', holder: '上海睿影医疗科技股份有限公司', imported: false },
      { brand: '西康', model: 'SOMATOM go.Up', holder: '西康医疗器械（上海）有限公司', imported: true },
    ],
  },
  '1.5T超导磁共振成像系统': {
    classCode: '306',
    brands: [{ brand: '睿影', model: 'uMR 570', holder: '上海睿影医疗科技股份有限公司', imported: false }],
  },
  麻醉机: {
    classCode: '308',
    brands: [{ brand: '康护', model: 'WATO EX-65', holder: '广州康护医疗科技有限公司', imported: false }],
  },
  有创呼吸机: {
    classCode: '308',
    brands: [{ brand: '康护', model: 'SV600', holder: '广州康护医疗科技有限公司', imported: false }],
  },
  多参数监护仪: {
    classCode: '207',
    brands: [{ brand: '康护', model: 'KH-M9', holder: '广州康护医疗科技有限公司', imported: false }],
  },
};

/** The line `名称：…；品牌：…；…；有效期至：…` for a medical lot, or undefined when the notice states none. */
export function medicalRegistrationLine(
  name: string,
  quantity: string,
  awardFen: number,
): string | undefined {
  const line = DEVICE_LINES[name];
  // About two awards in three state the registration; the others say 详见投标文件 as before.
  if (!line || awardFen % 3 === 0) return undefined;
  const device = line.brands[awardFen % line.brands.length];
  if (!device) return undefined;
  const firstYear = 2014 + (awardFen % 8);
  const serial = String(awardFen % 10_000).padStart(4, '0');
  const number = `国械注${device.imported ? '进' : '准'}${firstYear}${line.classCode}${serial}`;
  const month = 1 + (awardFen % 12);
  const day = 2 + (awardFen % 27);
  return [
    `名称：${name}`,
    `品牌：${device.brand}`,
    `规格型号：${device.model}`,
    quantity,
    `医疗器械注册证编号：${number}`,
    `注册人：${device.holder}`,
    `批准日期：2022年${month}月${day}日`,
    `有效期至：2027年${month}月${day - 1}日`,
  ].join('；');
}
