import type { companyAtlasEndpoint, EndpointResponse } from '@tender/contracts';
import type { ChartSpec } from '../analysis/chart-spec';
import { messages } from './messages';

export type Atlas = EndpointResponse<typeof companyAtlasEndpoint>;
export type AtlasNode = Atlas['nodes'][number];

/** The node kinds in legend order; a node's category is its index here. */
export const ATLAS_KINDS = ['center', 'supplier', 'owner', 'agency', 'rival'] as const;

const MIN_NODE_SIZE = 16;
const MAX_NODE_SIZE = 64;
const MAX_EDGE_WIDTH = 8;

/** A node's diameter: by the square root of its items (area follows the count), the busiest at the maximum. */
export function nodeSize(items: number, mostItems: number): number {
  if (mostItems <= 0) return MIN_NODE_SIZE;
  const share = Math.sqrt(Math.max(0, items) / mostItems);
  return Math.round(MIN_NODE_SIZE + share * (MAX_NODE_SIZE - MIN_NODE_SIZE));
}

/** An edge's width: 1 for the lightest relation, MAX_EDGE_WIDTH for the heaviest. */
export function edgeWidth(weight: number, heaviest: number): number {
  if (heaviest <= 0) return 1;
  return Math.max(1, Math.round((weight / heaviest) * MAX_EDGE_WIDTH));
}

/**
 * The relationship atlas as an ECharts force-directed `graph`: nodes sized by their items and grouped by kind
 * (the legend), edges weighted by shared items; zoom and drag are on. Each node carries its companyId, so a click
 * can open that company.
 */
export function atlasChart(atlas: Atlas): ChartSpec {
  const mostItems = Math.max(0, ...atlas.nodes.map((node) => node.items));
  const heaviest = Math.max(0, ...atlas.edges.map((edge) => edge.weight));
  const names = new Map(atlas.nodes.map((node) => [node.id, node.name]));
  return {
    option: {
      tooltip: {},
      legend: { data: ATLAS_KINDS.map((kind) => messages.atlas.kinds[kind]) },
      series: [
        {
          type: 'graph',
          layout: 'force',
          roam: true,
          draggable: true,
          force: { repulsion: 260, edgeLength: [60, 160], gravity: 0.08 },
          categories: ATLAS_KINDS.map((kind) => ({ name: messages.atlas.kinds[kind] })),
          label: { show: true, position: 'right', width: 120, overflow: 'truncate' },
          emphasis: { focus: 'adjacency' },
          data: atlas.nodes.map((node) => ({
            id: node.id,
            name: node.name,
            value: node.items,
            category: ATLAS_KINDS.indexOf(node.kind),
            symbolSize: nodeSize(node.items, mostItems),
            companyId: node.companyId,
          })),
          edges: atlas.edges.map((edge) => ({
            source: edge.source,
            target: edge.target,
            value: edge.weight,
            lineStyle: { width: edgeWidth(edge.weight, heaviest), opacity: 0.7 },
          })),
        },
      ],
    },
    table: {
      columns: [...messages.atlas.tableColumns],
      rows: atlas.edges.map((edge) => [
        names.get(edge.source) ?? edge.source,
        messages.atlas.edgeKinds[edge.kind],
        names.get(edge.target) ?? edge.target,
        edge.weight,
      ]),
    },
  };
}

/** The company a clicked graph datum stands for, or null (an edge, the legend). */
export function clickedCompanyId(event: { dataType?: string; data?: unknown }): number | null {
  if (event.dataType !== 'node') return null;
  const companyId = (event.data as { companyId?: unknown } | undefined)?.companyId;
  return typeof companyId === 'number' ? companyId : null;
}
