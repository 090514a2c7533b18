import { type SelAreaEntry, selAreaEndpoint, selAreaEntriesSchema } from '@tender/contracts';
import { type AreaNode, buildAreaTree } from '@tender/domain';
import type { ApiClient } from './create-api-client';

/** The `description` of the per-region "whole region" entries the web client drops (spec §7). */
const WHOLE_REGION_DESCRIPTION = '全部';

function areaNode(
  entry: Pick<SelAreaEntry, 'name' | 'code' | 'parentCode' | 'classify' | 'selected'>,
): AreaNode {
  return {
    name: entry.name,
    code: entry.code,
    parentCode: entry.parentCode,
    classify: entry.classify,
    selected: entry.selected,
  };
}

/**
 * spec §7 `common/selArea`: the answer's `data` is a JSON string of entries; the first (the version header) is
 * dropped, entries described '全部' are dropped, each region's `city` list joins the tree, and `buildAreaTree`
 * of @tender/domain gives 全国 → regions → cities. Throws when the text is not the contract's shape.
 */
export function areaTreeFromSelArea(data: string): AreaNode[] {
  const entries = selAreaEntriesSchema.parse(JSON.parse(data)).slice(1);
  const kept = entries.filter((entry) => entry.description !== WHOLE_REGION_DESCRIPTION);
  const nodes = kept.flatMap((entry) => [areaNode(entry), ...(entry.city ?? []).map(areaNode)]);
  return buildAreaTree(nodes);
}

/** The cache key of the area data (spec §3: cached locally under a version key): the header entry's version. */
export function selAreaVersion(data: string): string | undefined {
  try {
    const [header] = selAreaEntriesSchema.parse(JSON.parse(data));
    return header?.version;
  } catch {
    return undefined;
  }
}

/**
 * The area tree for pickers and the membership-area chooser; an empty list when the call fails (spec §8 Other),
 * silently.
 */
export async function loadAreaTree(
  client: ApiClient,
  options?: { signal?: AbortSignal },
): Promise<AreaNode[]> {
  try {
    const data = await client.call(selAreaEndpoint, {}, { silent: true, ...options });
    return areaTreeFromSelArea(data);
  } catch {
    return [];
  }
}
