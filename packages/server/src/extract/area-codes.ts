/**
 * China's landline area codes → the province they ring in (the public numbering plan of the Ministry of Industry
 * and Information Technology): three-digit codes whole, four-digit ones by their first three digits where a whole
 * block is one province, else whole.
 */
const PROVINCE_BY_AREA_CODE: Record<string, string> = {};

const PLAN: readonly [provinceCode: string, codes: string][] = [
  ['110000', '010'],
  ['120000', '022'],
  ['310000', '021'],
  ['500000', '023'],
  ['130000', '031 0335'],
  ['140000', '035 0349'],
  ['150000', '047 0482 0483'],
  ['210000', '024 041 0421 0427 0429'],
  ['220000', '043'],
  ['230000', '045 0464 0467 0468 0469'],
  ['320000', '025 051 0523 0527'],
  ['330000', '057 0580'],
  ['340000', '055 0561 0562 0563 0564 0566'],
  ['350000', '059'],
  ['360000', '079 0701'],
  ['370000', '053 0543 0546 063'],
  ['410000', '037 0391 0392 0393 0394 0395 0396 0398'],
  ['420000', '027 071 0722 0724 0728'],
  ['430000', '0730 0731 0734 0735 0736 0737 0738 0739 0743 0744 0745 0746'],
  ['440000', '020 075 0760 0762 0763 0766 0768 0769 0660 0662 0663 0668'],
  ['450000', '077'],
  ['460000', '0898 0899'],
  ['510000', '028 0812 0813 0816 0817 0818 0825 0826 0827 083'],
  ['520000', '085'],
  ['530000', '087 0883 0886 0887 0888 0691 0692'],
  ['540000', '0891 0892 0893 0894 0895 0896 0897'],
  ['610000', '029 091'],
  ['620000', '093 0941 0943'],
  ['630000', '097'],
  ['640000', '095'],
  ['650000', '099 090'],
];
for (const [provinceCode, codes] of PLAN)
  for (const code of codes.split(' ')) PROVINCE_BY_AREA_CODE[code] = provinceCode;

/** The province a landline's area code (`0571`, `023`) rings in, or null for a code no province has. */
export function provinceOfAreaCode(areaCode: string): string | null {
  return PROVINCE_BY_AREA_CODE[areaCode] ?? PROVINCE_BY_AREA_CODE[areaCode.slice(0, 3)] ?? null;
}
