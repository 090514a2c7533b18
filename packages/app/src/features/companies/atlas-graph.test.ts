import { describe, expect, it } from 'vitest';
import { type Atlas, atlasChart, clickedCompanyId, edgeWidth, nodeSize } from './atlas-graph';

const atlas: Atlas = {
  nodes: [
    { id: 'c1', companyId: 1, name: '深圳市人民医院', kind: 'center', items: 100 },
    { id: 'c2', companyId: 2, name: '华南医疗设备有限公司', kind: 'supplier', items: 25 },
    { id: 'c3', companyId: 3, name: '广东招标代理有限公司', kind: 'agency', items: 1 },
  ],
  edges: [
    { source: 'c1', target: 'c2', kind: 'buys', weight: 8, amountFen: 5_000_000 },
    { source: 'c3', target: 'c1', kind: 'agency', weight: 2, amountFen: 0 },
  ],
  permission: { privilege: 'bussinessAnalyzer', limit: 10, used: 1, remaining: 9, charged: true },
};

type GraphSeries = {
  type: string;
  layout: string;
  roam: boolean;
  draggable: boolean;
  categories: { name: string }[];
  data: { id: string; category: number; symbolSize: number; companyId: number }[];
  edges: { source: string; target: string; value: number; lineStyle: { width: number } }[];
};

describe('atlasChart', () => {
  const series = (atlasChart(atlas).option.series as GraphSeries[])[0] as GraphSeries;

  it('is a force-directed graph that zooms and drags, grouped by the node kinds', () => {
    expect(series).toMatchObject({ type: 'graph', layout: 'force', roam: true, draggable: true });
    expect(series.categories.map((category) => category.name)).toEqual([
      '本企业',
      '供应商',
      '采购人',
      '代理机构',
      '竞争对手',
    ]);
  });

  it('sizes nodes by their items, puts each in its kind and keeps its companyId for the click', () => {
    expect(series.data.map(({ id, category, companyId }) => ({ id, category, companyId }))).toEqual([
      { id: 'c1', category: 0, companyId: 1 },
      { id: 'c2', category: 1, companyId: 2 },
      { id: 'c3', category: 3, companyId: 3 },
    ]);
    const [center, supplier, agency] = series.data.map((node) => node.symbolSize);
    expect(center).toBe(64);
    expect(supplier).toBeLessThan(center ?? 0);
    expect(agency).toBeLessThan(supplier ?? 0);
  });

  it('weights the edges by their shared items', () => {
    expect(series.edges).toEqual([
      expect.objectContaining({
        source: 'c1',
        target: 'c2',
        value: 8,
        lineStyle: expect.objectContaining({ width: 8 }),
      }),
      expect.objectContaining({
        source: 'c3',
        target: 'c1',
        value: 2,
        lineStyle: expect.objectContaining({ width: 2 }),
      }),
    ]);
  });

  it('gives every relation as a table row with both names', () => {
    expect(atlasChart(atlas).table.rows).toEqual([
      ['深圳市人民医院', '采购', '华南医疗设备有限公司', 8],
      ['广东招标代理有限公司', '代理', '深圳市人民医院', 2],
    ]);
  });
});

describe('nodeSize and edgeWidth', () => {
  it('stay within their bounds, whatever the counts', () => {
    expect(nodeSize(0, 0)).toBe(16);
    expect(nodeSize(0, 50)).toBe(16);
    expect(nodeSize(50, 50)).toBe(64);
    expect(nodeSize(1, 10_000)).toBeGreaterThanOrEqual(16);
    expect(edgeWidth(1, 1_000)).toBe(1);
    expect(edgeWidth(1_000, 1_000)).toBe(8);
    expect(edgeWidth(3, 0)).toBe(1);
  });
});

describe('clickedCompanyId', () => {
  it('opens the company of a clicked node, nothing for an edge', () => {
    expect(clickedCompanyId({ dataType: 'node', data: { companyId: 2 } })).toBe(2);
    expect(clickedCompanyId({ dataType: 'edge', data: { source: 'c1' } })).toBeNull();
    expect(clickedCompanyId({})).toBeNull();
  });
});
