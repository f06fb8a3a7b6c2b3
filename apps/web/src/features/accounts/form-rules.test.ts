import { describe, expect, it } from 'vitest';
import { registerBodySchema, shopInfoBodySchema, userCreateSchema } from '@posauto/shared/schemas/accounts';
import { chosen, confirmMatches } from './form-rules';

const messages = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('form rules', () => {
  it('shows a mismatched confirmation even while a choice is missing', () => {
    const schema = confirmMatches(registerBodySchema, 'email', 'confirm_email', 'validation.confirm_email_mismatch', true);
    const values = { first_name: 'A', last_name: 'B', email: 'a@shop.test', confirm_email: 'b@shop.test', package: null };
    expect(messages(registerBodySchema.safeParse(values))).toEqual({ package: 'validation.package_required' });
    expect(messages(schema.safeParse(values))).toEqual({
      package: 'validation.package_required',
      confirm_email: 'validation.confirm_email_mismatch',
    });
  });

  it('shows a mismatched password confirmation at the shop step while the shop type is missing', () => {
    const schema = confirmMatches(shopInfoBodySchema, 'password', 'confirm_password', 'validation.confirm_password_mismatch');
    const values = {
      registration_token: 'x'.repeat(43),
      password: '123456',
      confirm_password: '1234567',
      shop_name: 'Shop',
      shop_type: null,
      phone: '012 345 678',
    };
    expect(messages(schema.safeParse(values))).toEqual({
      shop_type: 'validation.shop_type_required',
      confirm_password: 'validation.confirm_password_mismatch',
    });
  });

  it('accepts a confirmation that differs only in case and spaces where asked, and an empty one is left to the schema', () => {
    const schema = confirmMatches(registerBodySchema, 'email', 'confirm_email', 'validation.confirm_email_mismatch', true);
    const ok = {
      first_name: 'A',
      last_name: 'B',
      email: 'a@shop.test',
      confirm_email: ' A@Shop.test ',
      package: 'standard',
    };
    expect(schema.safeParse(ok).success).toBe(true);
  });

  it('asks for a missing choice together with the other messages', () => {
    const schema = chosen(userCreateSchema, 'branch_id', 'validation.branch_select');
    const r = messages(
      schema.safeParse({
        first_name: '',
        last_name: 'B',
        email: 'a@shop.test',
        role_id: null,
        branch_id: null,
        password: '123456',
        confirm_password: '123456',
      }),
    );
    expect(r).toMatchObject({
      first_name: 'validation.first_name_required',
      role_id: 'validation.role_required',
      branch_id: 'validation.branch_select',
    });
  });
});
