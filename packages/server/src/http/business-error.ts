/**
 * An outcome the client handles by its code (spec §8): thrown anywhere in a handler, answered as
 * `{code, data, message}` with HTTP status 200 (docs/architecture.md §7).
 */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}
