/**
 * Sites hide what they sell to members, and notices refer to attachments instead of stating a value. Such a
 * value must give null, never the placeholder or part of it (a name with `***` in it, a phone cut short).
 */
const MASK_PATTERNS: readonly RegExp[] = [
  /[*＊]{2,}/, // ****, 138****1234, 杭州市***医院
  /[×xX]{3,}/, // ×××, XXX placeholders
  /(?<![A-Za-z])[×xX]{1,2}(?=[年月日])/, // 宜宾市翠屏区XX年…, X年X月X日: a date a copy masked
  /[?？]{3,}/,
  /[#＃]{3,}/, // ###维护项目, ZFCG####-######
  /某某某/, // 昌吉某某某单位
  /[●○■□▇█]{2,}/,
  /[（(]\s*略\s*[）)]/, // (略)（略）
  /^\s*略\s*$/,
  /点击查看|点此查看|查看详情|点击(?:获取|下载|显示)/,
  /登录后(?:查看|可见|显示)|登录查看|请(?:先)?登录|注册后(?:查看|可见)/,
  /会员(?:可见|查看|专享)|(?:VIP|vip)(?:可见|查看|专享)|付费(?:查看|可见)|开通会员/,
  /详见(?:附件|招标文件|采购文件|磋商文件|谈判文件|询价文件|公告|正文|原文|文件)/,
  /见附件|附件(?:中|内)?(?:详见|查看)/,
  /已隐藏|隐藏信息|信息保密|内容已屏蔽/,
  // Aggregators' other locks: `立即查看`, `*开通会员可解锁*`, `查看完整信息`, `需登录`, `仅对会员开放`.
  /立即查看|免费查看|查看(?:完整|全部)|解锁|升级(?:为)?会员|[需须]登录|登录(?:可见|可查看|后可见)|仅(?:对)?(?:登录用户|会员)/,
];

/** Whether a value is a mask or a reference instead of the value itself. */
export function isMasked(value: string): boolean {
  return MASK_PATTERNS.some((pattern) => pattern.test(value));
}

/** Values that say "nothing here": 无, 暂无, /, — … */
export function isEmptyValue(value: string): boolean {
  return /^[\s/\\—–\-_.。,，;；:：]*$|^(?:无|暂无|不详|待定|空|null|none|n\/a|\/|-)$/i.test(value.trim());
}
