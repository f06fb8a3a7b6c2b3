import type { z } from 'zod';

const text = (v: unknown, key: string) => {
  const x = (v as Record<string, unknown> | undefined)?.[key];
  return typeof x === 'string' ? x : '';
};

/**
 * The shared schemas check "confirm" fields in an object-level refine, which zod skips while another field has
 * the wrong type (an unchosen select is null). The forms add the same check with `when`, so every message of the
 * spec shows on the first submit, not one after another.
 */
export function confirmMatches<S extends z.ZodType>(schema: S, field: string, confirm: string, message: string, caseless = false): S {
  const norm = (s: string) => (caseless ? s.trim().toLowerCase() : s);
  return schema.refine((v) => !text(v, confirm) || norm(text(v, confirm)) === norm(text(v, field)), {
    path: [confirm],
    message,
    when: () => true,
  }) as unknown as S;
}

/** A required choice checked with `when` for the same reason (e.g. the branch of a branch user). */
export function chosen<S extends z.ZodType>(schema: S, field: string, message: string): S {
  return schema.refine((v) => Boolean((v as Record<string, unknown> | undefined)?.[field]), {
    path: [field],
    message,
    when: () => true,
  }) as unknown as S;
}
