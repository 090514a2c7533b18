/**
 * 医疗器械注册证编号 (NMPA's 《医疗器械注册与备案管理办法》 format since 2014): ×1械注×2××××3×4××5××××6 —
 * ×1 the authority's one-character name (国 for NMPA, 粤/京/沪… for a province), ×2 准 (made in the mainland),
 * 进 (imported) or 许 (Hong Kong, Macao, Taiwan), then the year of first approval (4 digits), the management
 * class (2 or 3 from a province or NMPA; 1 is filed, not registered), the catalogue code (2 digits) and a serial
 * number (4 digits): 国械注准20173061234, 粤械注准20192220123, 国械注进20163461234.
 */
export const DEVICE_REGISTRATION_PATTERN =
  /([国京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼])械注([准进许])((?:19|20)\d{2})([123])(\d{2})(\d{4})(?!\d)/g;

const PROVINCE_AUTHORITIES: Readonly<Record<string, string>> = {
  京: '北京市',
  津: '天津市',
  沪: '上海市',
  渝: '重庆市',
  冀: '河北省',
  豫: '河南省',
  云: '云南省',
  辽: '辽宁省',
  黑: '黑龙江省',
  湘: '湖南省',
  皖: '安徽省',
  鲁: '山东省',
  新: '新疆维吾尔自治区',
  苏: '江苏省',
  浙: '浙江省',
  赣: '江西省',
  鄂: '湖北省',
  桂: '广西壮族自治区',
  甘: '甘肃省',
  晋: '山西省',
  蒙: '内蒙古自治区',
  陕: '陕西省',
  吉: '吉林省',
  闽: '福建省',
  贵: '贵州省',
  粤: '广东省',
  青: '青海省',
  藏: '西藏自治区',
  川: '四川省',
  宁: '宁夏回族自治区',
  琼: '海南省',
};

const ORIGINS = { 准: '境内', 进: '进口', 许: '港澳台' } as const;
const CLASSES = { '1': '第一类', '2': '第二类', '3': '第三类' } as const;

/** What a registration number itself says. */
export interface DeviceRegistrationFacts {
  registrationNumber: string;
  /** 国家药品监督管理局, or 广东省药品监督管理局 for 粤. */
  authority: string;
  origin: (typeof ORIGINS)[keyof typeof ORIGINS];
  managementClass: (typeof CLASSES)[keyof typeof CLASSES];
  /** The year the device was first registered. */
  approvalYear: number;
}

/** The facts of every registration number in `text`, each once, in the order they first appear. */
export function deviceRegistrationsIn(text: string): DeviceRegistrationFacts[] {
  const found = new Map<string, DeviceRegistrationFacts>();
  for (const match of text.matchAll(DEVICE_REGISTRATION_PATTERN)) {
    const [number, authority = '', origin = '准', year = '', managementClass = '2'] = match;
    if (found.has(number)) continue;
    found.set(number, {
      registrationNumber: number,
      authority: `${authority === '国' ? '国家' : (PROVINCE_AUTHORITIES[authority] ?? authority)}药品监督管理局`,
      origin: ORIGINS[origin as keyof typeof ORIGINS],
      managementClass: CLASSES[managementClass as keyof typeof CLASSES],
      approvalYear: Number(year),
    });
  }
  return [...found.values()];
}

const MEDICAL_WORDS =
  /医疗器械|医疗设备|医用|诊断仪|监护仪|呼吸机|超声|CT|磁共振|X射线|内窥镜|生化分析|体外诊断/;

/** Whether a notice is about medical devices: it names a registration number or medical equipment. */
export function isMedicalNotice(title: string, body = ''): boolean {
  return (
    MEDICAL_WORDS.test(title) ||
    new RegExp(DEVICE_REGISTRATION_PATTERN.source).test(body) ||
    body.includes('医疗器械注册证')
  );
}
