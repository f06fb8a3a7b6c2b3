import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * A Mantine form validator from a shared zod schema: the same rules the server applies, with the messages
 * (translation keys) translated. The first message of each field wins.
 */
export function zodValidator<S extends z.ZodType>(schema: S, t: TFunction) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= t(issue.message.includes(' ') ? 'validation.invalid' : issue.message);
    }
    return errors;
  };
}
