import type { LoginBody, UserData } from '@posauto/shared/schemas/auth';

/*
 * Checks the first load needs, written by hand: the login page and start-up must not load zod (issue #10, at most
 * 170 KB of JavaScript for /login). They follow userDataSchema, emailSchema and passwordSchema of
 * packages/shared/src/schemas/auth, with the same messages (translation keys); light-checks.test.ts compares them
 * with those schemas so the two cannot drift apart.
 */

const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored userData has the shape of userDataSchema. */
export function isUserData(v: unknown): v is UserData {
  if (!isObject(v) || !isString(v.access_token) || !isStrings(v.permissions) || !isObject(v.data)) return false;
  const d = v.data;
  return isString(d.name) && isString(d.role_name) && isStrings(d.role) && (d.branch_id === null || isString(d.branch_id));
}

/** PASSWORD_MIN of the shared schema. */
const PASSWORD_MIN = 6;
/** The default pattern of zod 4's z.email() (zod/v4/core/regexes `email`), which emailSchema uses. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** emailSchema's first message for a value, or null when it is accepted. */
export function emailProblem(value: unknown): string | null {
  if (!isString(value)) return 'validation.email_required';
  const email = value.trim();
  if (email.length === 0) return 'validation.email_required';
  if (email.length > 254 || !EMAIL.test(email)) return 'validation.email_invalid';
  return null;
}

/** passwordSchema's first message for a value, or null when it is accepted. */
export function passwordProblem(value: unknown): string | null {
  if (!isString(value) || value.length === 0) return 'validation.password_required';
  if (value.length < PASSWORD_MIN) return 'validation.password_min';
  if (value.length > 256) return 'validation.too_long';
  return null;
}

/** A Mantine form validator for the login form: loginBodySchema's rules, messages translated by t. */
export function loginValidator(t: (key: string) => string) {
  return (values: Partial<Record<keyof LoginBody, unknown>>): Record<string, string> => {
    const errors: Record<string, string> = {};
    const email = emailProblem(values.email);
    const password = passwordProblem(values.password);
    if (email) errors.email = t(email);
    if (password) errors.password = t(password);
    return errors;
  };
}
