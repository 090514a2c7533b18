import { messages } from '../messages';

/** spec §3 Area tree: 'all' (whole country), 'one' (first level), 'two' (second level). */
export type AreaClassify = 'all' | 'one' | 'two';

/** spec §3 Area tree node. */
export interface AreaNode {
  name: string;
  code: string;
  parentCode?: string | null;
  classify?: AreaClassify;
  selected?: boolean;
  children?: readonly AreaNode[];
}

/** '全国': the whole-country purchase area and payment area (spec §2, §3 Order parameters, §5). */
export const WHOLE_COUNTRY = messages.area.wholeCountry;

/**
 * Builds the area tree from a flat list linked by parentCode. A node whose parentCode is empty or names no
 * node of the list is a root. Order within each level follows the input.
 */
export function buildAreaTree(nodes: readonly AreaNode[]): AreaNode[] {
  const codes = new Set(nodes.map((node) => node.code));
  const childrenOf = new Map<string, AreaNode[]>();
  for (const node of nodes) {
    const parent = node.parentCode;
    if (parent && codes.has(parent) && parent !== node.code) {
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), node]);
    }
  }
  const build = (node: AreaNode, seen: ReadonlySet<string>): AreaNode => {
    const children = (childrenOf.get(node.code) ?? []).filter((child) => !seen.has(child.code));
    const nextSeen = new Set([...seen, node.code]);
    return { ...node, children: children.map((child) => build(child, nextSeen)) };
  };
  return nodes
    .filter((node) => !(node.parentCode && codes.has(node.parentCode) && node.parentCode !== node.code))
    .map((node) => build(node, new Set()));
}

/**
 * spec §3 Area tree, §9: the areas a membership can be bought for — '全国' followed by the names of the
 * tree's second level (the children of the root nodes, i.e. the provinces under the 全国 root), without
 * duplicates.
 */
export function purchaseAreaChoices(tree: readonly AreaNode[]): string[] {
  const names = tree.flatMap((root) => (root.children ?? []).map((child) => child.name));
  return [...new Set([WHOLE_COUNTRY, ...names])];
}

/**
 * spec §2 服务期明细: a membership's purchase area as shown — '全国' when empty, with ASCII commas shown as
 * full-width '，'. A list of areas is joined with '，'.
 */
export function purchaseAreaText(payArea: string | readonly string[] | null | undefined): string {
  const text = typeof payArea === 'string' ? payArea : (payArea ?? []).join(',');
  if (text.trim() === '') return WHOLE_COUNTRY;
  return text.replace(/,/g, '，');
}

/** spec §3 Member type: status 0 means the purchase area can be edited. */
export function isPurchaseAreaEditable(memberTypeStatus: number): boolean {
  return memberTypeStatus === 0;
}

/**
 * spec §5 Area of payment: when the member type's area cannot be edited (status not 0) only the whole
 * country is paid for. Otherwise the chosen areas, without duplicates; none chosen, or '全国' among them,
 * means the whole country (spec §3 Order parameters: payAreas defaults to the whole country).
 */
export function paymentAreas(memberTypeStatus: number, chosenAreas: readonly string[]): string[] {
  if (!isPurchaseAreaEditable(memberTypeStatus)) return [WHOLE_COUNTRY];
  const areas = [...new Set(chosenAreas.map((area) => area.trim()).filter((area) => area !== ''))];
  if (areas.length === 0 || areas.includes(WHOLE_COUNTRY)) return [WHOLE_COUNTRY];
  return areas;
}
