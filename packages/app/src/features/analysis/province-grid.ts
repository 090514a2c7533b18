/**
 * The tile-grid cartogram of China's provinces: each province one square at a conventional position (column west
 * to east, row north to south), so the map needs no geo data. Codes are the GB/T 2260 province prefixes.
 */
export interface ProvinceTilePosition {
  /** The first two digits of the GB/T 2260 code ('44' for 440000 广东省). */
  prefix: string;
  /** The short name the tile shows. */
  name: string;
  row: number;
  column: number;
}

export const PROVINCE_GRID: readonly ProvinceTilePosition[] = [
  { prefix: '23', name: '黑龙江', row: 0, column: 8 },
  { prefix: '15', name: '内蒙古', row: 1, column: 5 },
  { prefix: '11', name: '北京', row: 1, column: 6 },
  { prefix: '22', name: '吉林', row: 1, column: 8 },
  { prefix: '65', name: '新疆', row: 2, column: 1 },
  { prefix: '62', name: '甘肃', row: 2, column: 3 },
  { prefix: '64', name: '宁夏', row: 2, column: 4 },
  { prefix: '14', name: '山西', row: 2, column: 5 },
  { prefix: '13', name: '河北', row: 2, column: 6 },
  { prefix: '12', name: '天津', row: 2, column: 7 },
  { prefix: '21', name: '辽宁', row: 2, column: 8 },
  { prefix: '63', name: '青海', row: 3, column: 2 },
  { prefix: '61', name: '陕西', row: 3, column: 4 },
  { prefix: '41', name: '河南', row: 3, column: 5 },
  { prefix: '37', name: '山东', row: 3, column: 6 },
  { prefix: '54', name: '西藏', row: 4, column: 1 },
  { prefix: '51', name: '四川', row: 4, column: 3 },
  { prefix: '50', name: '重庆', row: 4, column: 4 },
  { prefix: '42', name: '湖北', row: 4, column: 5 },
  { prefix: '34', name: '安徽', row: 4, column: 6 },
  { prefix: '32', name: '江苏', row: 4, column: 7 },
  { prefix: '52', name: '贵州', row: 5, column: 3 },
  { prefix: '43', name: '湖南', row: 5, column: 4 },
  { prefix: '36', name: '江西', row: 5, column: 5 },
  { prefix: '33', name: '浙江', row: 5, column: 6 },
  { prefix: '31', name: '上海', row: 5, column: 7 },
  { prefix: '53', name: '云南', row: 6, column: 3 },
  { prefix: '45', name: '广西', row: 6, column: 4 },
  { prefix: '44', name: '广东', row: 6, column: 5 },
  { prefix: '35', name: '福建', row: 6, column: 6 },
  { prefix: '71', name: '台湾', row: 6, column: 7 },
  { prefix: '46', name: '海南', row: 7, column: 4 },
  { prefix: '82', name: '澳门', row: 7, column: 5 },
  { prefix: '81', name: '香港', row: 7, column: 6 },
];

export const GRID_ROWS = 8;
export const GRID_COLUMNS = 9;

/** How many colour steps the map uses (0 = no items). */
export const SHADE_STEPS = 5;

export interface ProvinceTile extends ProvinceTilePosition {
  /** The province's area code as the filters send it (440000). */
  code: string;
  items: number;
  /** 0 without items, else 1–SHADE_STEPS by the share of the busiest province. */
  shade: number;
}

/**
 * Every province's tile with its count from `byProvince` (GB/T 2260 codes, any level: the first two digits
 * decide); provinces the data does not name count 0. Shades are relative to the busiest province.
 */
export function provinceTiles(byProvince: readonly { code: string; items: number }[]): ProvinceTile[] {
  const counts = new Map<string, number>();
  for (const bucket of byProvince) {
    if (!/^\d{2}/.test(bucket.code)) continue;
    const prefix = bucket.code.slice(0, 2);
    counts.set(prefix, (counts.get(prefix) ?? 0) + bucket.items);
  }
  const most = Math.max(0, ...counts.values());
  return PROVINCE_GRID.map((position) => {
    const items = counts.get(position.prefix) ?? 0;
    return {
      ...position,
      code: `${position.prefix}0000`,
      items,
      shade: items === 0 || most === 0 ? 0 : Math.max(1, Math.ceil((items / most) * SHADE_STEPS)),
    };
  });
}
