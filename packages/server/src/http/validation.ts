import { type ZodError, type ZodType, z } from 'zod';
import { messages } from '../messages';

const chineseErrors = z.locales.zhCN().localeError;

/** '参数 mobile：请输入正确的手机号' — the first problems, each naming its field, in Chinese. */
export function describeValidationError(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `参数 ${issue.path.length ? issue.path.join('.') : '请求体'}：${issue.message}`)
    .join('；');
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The path of the first string holding a NUL character: PostgreSQL cannot store one in text, so it must be
 * refused as the caller's mistake before any query sees it.
 */
export function nulCharacterPath(input: unknown, path: string[] = []): string | undefined {
  if (typeof input === 'string') return input.includes('\u0000') ? path.join('.') || '请求体' : undefined;
  if (typeof input !== 'object' || input === null) return undefined;
  for (const [key, value] of Object.entries(input)) {
    const found = nulCharacterPath(value, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validates with Chinese default messages; messages written in a schema take precedence. */
export function validate<TSchema extends ZodType>(
  schema: TSchema,
  input: unknown,
): ValidationResult<z.output<TSchema>> {
  const nul = nulCharacterPath(input);
  if (nul !== undefined) return { ok: false, message: messages.security.nulCharacter(nul) };
  const result = schema.safeParse(input, { error: chineseErrors });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: describeValidationError(result.error) };
}
