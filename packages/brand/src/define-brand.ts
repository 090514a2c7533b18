import type { z } from 'zod';
import { type BrandManifest, brandManifestSchema } from './brand-manifest';

/** Thrown by `defineBrand` when a manifest breaks the schema; `fields` lists the offending paths. */
export class BrandManifestError extends Error {
  override readonly name = 'BrandManifestError';
  readonly fields: readonly string[];

  constructor(brandId: string, problems: readonly { field: string; message: string }[]) {
    const label = brandId ? `"${brandId}"` : '(without a valid id)';
    super(
      `Invalid brand manifest ${label}:\n${problems.map((p) => `  - ${p.field}: ${p.message}`).join('\n')}`,
    );
    this.fields = problems.map((p) => p.field);
  }
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, key) => {
    if (typeof key === 'number') return `${joined}[${key}]`;
    return joined ? `${joined}.${String(key)}` : String(key);
  }, '');
}

function describeIssues(issues: readonly z.core.$ZodIssue[]) {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: fieldPath([...issue.path, key]), message: 'unknown field' }))
      : [{ field: fieldPath(issue.path) || '(manifest)', message: issue.message }],
  );
}

/**
 * Validates a brand manifest when the brand app is defined and returns it deeply frozen. A broken manifest
 * fails at start-up (and in the brand contract test) with an error naming each offending field, instead of
 * surfacing later as a wrong colour or a missing footer.
 */
export function defineBrand(manifest: BrandManifest): BrandManifest {
  const result = brandManifestSchema.safeParse(manifest);
  if (!result.success) {
    const candidate: unknown = manifest;
    const id =
      typeof candidate === 'object' &&
      candidate !== null &&
      'id' in candidate &&
      typeof candidate.id === 'string'
        ? candidate.id
        : '';
    throw new BrandManifestError(id, describeIssues(result.error.issues));
  }
  return result.data;
}
