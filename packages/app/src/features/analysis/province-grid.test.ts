import { describe, expect, it } from 'vitest';
import { GRID_COLUMNS, GRID_ROWS, PROVINCE_GRID, provinceTiles, SHADE_STEPS } from './province-grid';

describe('PROVINCE_GRID (the tile-grid cartogram)', () => {
  it('has the 34 provincial divisions, each once, each in its own cell inside the grid', () => {
    expect(PROVINCE_GRID).toHaveLength(34);
    expect(new Set(PROVINCE_GRID.map((tile) => tile.prefix)).size).toBe(34);
    expect(new Set(PROVINCE_GRID.map((tile) => `${tile.row},${tile.column}`)).size).toBe(34);
    for (const tile of PROVINCE_GRID) {
      expect(tile.row).toBeGreaterThanOrEqual(0);
      expect(tile.row).toBeLessThan(GRID_ROWS);
      expect(tile.column).toBeGreaterThanOrEqual(0);
      expect(tile.column).toBeLessThan(GRID_COLUMNS);
    }
  });

  it('keeps the geography readable: Heilongjiang north-east, Xinjiang west, Hainan south', () => {
    const at = (name: string) => PROVINCE_GRID.find((tile) => tile.name === name);
    expect(at('黑龙江')).toMatchObject({ row: 0, column: GRID_COLUMNS - 1 });
    expect(at('新疆')?.column).toBeLessThan(at('甘肃')?.column ?? 0);
    expect(at('海南')?.row).toBe(GRID_ROWS - 1);
  });
});

describe('provinceTiles', () => {
  it('counts a province by its code and shades it relative to the busiest province', () => {
    const tiles = provinceTiles([
      { code: '440000', items: 100 },
      { code: '110000', items: 20 },
      { code: '', items: 7 },
    ]);
    const guangdong = tiles.find((tile) => tile.prefix === '44');
    const beijing = tiles.find((tile) => tile.prefix === '11');
    const tibet = tiles.find((tile) => tile.prefix === '54');
    expect(guangdong).toMatchObject({ code: '440000', name: '广东', items: 100, shade: SHADE_STEPS });
    expect(beijing).toMatchObject({ items: 20, shade: 1 });
    expect(tibet).toMatchObject({ items: 0, shade: 0 });
  });

  it('adds up codes of the same province (cities) and leaves items without a province off the map', () => {
    const tiles = provinceTiles([
      { code: '440300', items: 3 },
      { code: '440100', items: 2 },
      { code: '', items: 50 },
    ]);
    expect(tiles.find((tile) => tile.prefix === '44')).toMatchObject({ items: 5, shade: SHADE_STEPS });
    expect(tiles.reduce((sum, tile) => sum + tile.items, 0)).toBe(5);
  });

  it('shades nothing when there are no items at all', () => {
    expect(provinceTiles([]).every((tile) => tile.shade === 0 && tile.items === 0)).toBe(true);
  });
});
