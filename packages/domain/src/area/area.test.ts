import { describe, expect, it } from 'vitest';
import {
  type AreaNode,
  buildAreaTree,
  isPurchaseAreaEditable,
  paymentAreas,
  purchaseAreaChoices,
  purchaseAreaText,
  WHOLE_COUNTRY,
} from './area';

const flat: AreaNode[] = [
  { name: '全国', code: '100000', parentCode: null, classify: 'all' },
  { name: '北京', code: '110000', parentCode: '100000', classify: 'one' },
  { name: '海淀区', code: '110108', parentCode: '110000', classify: 'two' },
  { name: '广东', code: '440000', parentCode: '100000', classify: 'one' },
  { name: '广州', code: '440100', parentCode: '440000', classify: 'two' },
  { name: '深圳', code: '440300', parentCode: '440000', classify: 'two' },
];

describe('buildAreaTree', () => {
  it('nests nodes under their parentCode', () => {
    const [root, ...others] = buildAreaTree(flat);
    expect(others).toEqual([]);
    expect(root?.name).toBe('全国');
    expect(root?.children?.map((node) => node.name)).toEqual(['北京', '广东']);
    expect(root?.children?.[1]?.children?.map((node) => node.name)).toEqual(['广州', '深圳']);
  });

  it('makes a node whose parent is unknown a root, and survives a self-parent', () => {
    const roots = buildAreaTree([
      { name: 'A', code: 'a', parentCode: 'missing' },
      { name: 'B', code: 'b', parentCode: 'b' },
    ]);
    expect(roots.map((node) => node.name)).toEqual(['A', 'B']);
  });
});

describe('purchaseAreaChoices', () => {
  it("is '全国' followed by the tree's second-level names", () => {
    expect(purchaseAreaChoices(buildAreaTree(flat))).toEqual(['全国', '北京', '广东']);
  });

  it('does not repeat a name', () => {
    const tree: AreaNode[] = [
      {
        name: '全国',
        code: '0',
        children: [
          { name: '全国', code: '0-all' },
          { name: '上海', code: '31' },
          { name: '上海', code: '31b' },
        ],
      },
    ];
    expect(purchaseAreaChoices(tree)).toEqual(['全国', '上海']);
  });

  it("offers only '全国' for an empty tree", () => {
    expect(purchaseAreaChoices([])).toEqual([WHOLE_COUNTRY]);
  });
});

describe('purchaseAreaText', () => {
  it("defaults to '全国'", () => {
    expect(purchaseAreaText(undefined)).toBe('全国');
    expect(purchaseAreaText(null)).toBe('全国');
    expect(purchaseAreaText('')).toBe('全国');
    expect(purchaseAreaText([])).toBe('全国');
  });

  it('shows ASCII commas as full-width commas', () => {
    expect(purchaseAreaText('北京,上海,广东')).toBe('北京，上海，广东');
    expect(purchaseAreaText(['北京', '上海'])).toBe('北京，上海');
    expect(purchaseAreaText('北京')).toBe('北京');
  });
});

describe('paymentAreas', () => {
  it('pays for the whole country only when the area cannot be edited (status not 0)', () => {
    expect(isPurchaseAreaEditable(1)).toBe(false);
    expect(paymentAreas(1, ['北京', '上海'])).toEqual(['全国']);
    expect(paymentAreas(2, [])).toEqual(['全国']);
  });

  it('pays for the chosen areas when the area can be edited (status 0)', () => {
    expect(isPurchaseAreaEditable(0)).toBe(true);
    expect(paymentAreas(0, ['北京', '上海', '北京'])).toEqual(['北京', '上海']);
  });

  it('falls back to the whole country when nothing or 全国 is chosen', () => {
    expect(paymentAreas(0, [])).toEqual(['全国']);
    expect(paymentAreas(0, [' '])).toEqual(['全国']);
    expect(paymentAreas(0, ['北京', '全国'])).toEqual(['全国']);
  });
});
