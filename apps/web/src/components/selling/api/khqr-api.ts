import type { Khqr, KhqrInput } from '@posauto/shared/schemas/pos';
import { api } from '../../../lib/api-client';
import { BASE, unwrap } from './catalogue-api';

/** A KHQR code for one tender (the till's payment and a table bill's). */
export function makeKhqr(input: KhqrInput): Promise<Khqr> {
  return api.post<Khqr | { data: Khqr }>(`${BASE}/khqr`, input).then(unwrap);
}
