import { describe, expect, it } from 'vitest';
import { loginBodySchema, userDataSchema } from '@posauto/shared/schemas/auth';
import { emailProblem, isUserData, loginValidator, passwordProblem } from './light-checks';

/** The first message zod gives for one field of the login body, or null. */
function zodMessage(field: 'email' | 'password', value: unknown): string | null {
  const other = field === 'email' ? { password: 'secret1' } : { email: 'a@b.co' };
  const result = loginBodySchema.safeParse({ ...other, [field]: value });
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

const EMAILS: unknown[] = [
  undefined,
  null,
  42,
  '',
  '   ',
  'owner@posauto.local',
  '  Owner@PosAuto.Local ',
  'a@b.co',
  'a@b.c',
  'no-at-sign',
  '@posauto.local',
  'owner@',
  'owner@localhost',
  'first.last+tag@mail.example.com',
  '.owner@posauto.local',
  'own..er@posauto.local',
  'owner.@posauto.local',
  "o'brien@example.com",
  'owner@-bad.com',
  'owner@bad-.com',
  'owner@exa_mple.com',
  'owner name@example.com',
  'ណ@example.com',
  `${'a'.repeat(245)}@example.com`,
  `${'a'.repeat(250)}@example.com`,
];

const PASSWORDS: unknown[] = [undefined, null, 7, '', ' ', '12345', '123456', ' 12345', 'a'.repeat(256), 'a'.repeat(257), 'ពាក្យសម្ងាត់'];

describe('login checks by hand', () => {
  it('give the same first message as the shared email schema', () => {
    for (const value of EMAILS) expect(emailProblem(value), String(value)).toBe(zodMessage('email', value));
  });

  it('give the same first message as the shared password schema', () => {
    for (const value of PASSWORDS) expect(passwordProblem(value), String(value)).toBe(zodMessage('password', value));
  });

  it('translate the spec messages for the form fields and pass a good form', () => {
    const t = (key: string) => `T:${key}`;
    expect(loginValidator(t)({ email: '', password: '' })).toEqual({
      email: 'T:validation.email_required',
      password: 'T:validation.password_required',
    });
    expect(loginValidator(t)({ email: 'nope', password: '123' })).toEqual({
      email: 'T:validation.email_invalid',
      password: 'T:validation.password_min',
    });
    expect(loginValidator(t)({ email: 'owner@posauto.local', password: 'owner1234' })).toEqual({});
  });
});

describe('stored userData check by hand', () => {
  const good = {
    access_token: 'tok',
    permissions: ['category.view'],
    data: { name: 'Owner', role_name: 'Owner', role: ['owner'], branch_id: null },
  };
  const cases: unknown[] = [
    good,
    { ...good, data: { ...good.data, branch_id: 'b1' } },
    { ...good, extra: 1 },
    null,
    'text',
    [],
    {},
    { ...good, access_token: 1 },
    { ...good, permissions: 'category.view' },
    { ...good, permissions: [1] },
    { ...good, data: null },
    { ...good, data: [] },
    { ...good, data: { ...good.data, name: undefined } },
    { ...good, data: { ...good.data, role_name: 3 } },
    { ...good, data: { ...good.data, role: ['owner', 2] } },
    { ...good, data: { ...good.data, branch_id: undefined } },
    { ...good, data: { ...good.data, branch_id: 5 } },
  ];

  it('accepts exactly what userDataSchema accepts', () => {
    for (const value of cases) expect(isUserData(value), JSON.stringify(value)).toBe(userDataSchema.safeParse(value).success);
    expect(isUserData(good)).toBe(true);
    expect(isUserData({ ...good, permissions: [1] })).toBe(false);
  });
});
