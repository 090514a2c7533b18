/** What the form needs of a contract's zod schema (the app reaches zod only through @tender/contracts). */
interface FormSchema {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * `@mantine/form`'s `validate` from a contract's zod schema: each field's first issue, as the contract words it
 * ('真实姓名最多 30 个字'), under the field — never with the wire name in front of it. The form then checks what
 * the server checks, from the same schema, instead of a hand-kept copy of the limits.
 */
export function zodFormValidate<Values>(schema: FormSchema) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (field && !(field in errors)) errors[field] = issue.message;
    }
    return errors;
  };
}

/** The longest text a contract's string field takes (its `.max()`), for the input's `maxLength`. */
export function maxLengthOf(schema: { maxLength?: number | null }): number | undefined {
  return typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
}
