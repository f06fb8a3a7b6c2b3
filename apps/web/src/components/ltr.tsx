import type { ReactNode } from 'react';

/** Left-to-right text inside any layout (phone numbers, emails): stays readable, and in its place, in Arabic. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
