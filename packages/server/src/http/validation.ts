import { type ZodError, type ZodType, z } from 'zod';

const chineseErrors = z.locales.zhCN().localeError;

/** '参数 mobile：请输入正确的手机号' — the first problems, each naming its field, in Chinese. */
export function describeValidationError(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `参数 ${issue.path.length ? issue.path.join('.') : '请求体'}：${issue.message}`)
    .join('；');
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Validates with Chinese default messages; messages written in a schema take precedence. */
export function validate<TSchema extends ZodType>(
  schema: TSchema,
  input: unknown,
): ValidationResult<z.output<TSchema>> {
  const result = schema.safeParse(input, { error: chineseErrors });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: describeValidationError(result.error) };
}
