/** A dictionary entry as seeded; `children` become entries whose parent is this one. */
export interface SeedDictionaryEntry {
  value: string;
  label: string;
  children?: SeedDictionaryEntry[];
}

/**
 * The dictionaries every new brand starts with (spec §3 Dictionary, §2 unPay dialog). Operators edit them in the
 * database afterwards. Amount ranges are 'min,max' in 万元, an empty end meaning open.
 */
export function defaultDictionaries(
  supportPhone: string | null,
  hotSearchWords: readonly string[],
): Record<string, SeedDictionaryEntry[]> {
  const contact = supportPhone ? `，联系电话 ${supportPhone}` : '';
  return {
    item_amount: [
      { value: '0,50', label: '50万以下' },
      { value: '50,100', label: '50万-100万' },
      { value: '100,500', label: '100万-500万' },
      { value: '500,1000', label: '500万-1000万' },
      { value: '1000,5000', label: '1000万-5000万' },
      { value: '5000,10000', label: '5000万-1亿' },
      { value: '10000,', label: '1亿以上' },
    ],
    shenjims_pay_content: [
      { value: 'contact', label: `暂不支持在线开通会员，请联系当地商务经理为您开通${contact}。` },
    ],
    // 热门搜索's start (getHostSearchWord): the brand's trade words, before its members' own searches count.
    hot_search_word: hotSearchWords.map((word, index) => ({ value: String(index + 1), label: word })),
    customer_info: supportPhone ? [{ value: supportPhone, label: 'mobile' }] : [],
  };
}
