import { useQuery } from '@tanstack/react-query';
import type { QrMenu } from '@posauto/shared/schemas/public-menu';
import { api } from '../../../lib/api-client';

/** The shop's menu address, name and logo for the owner's QR card. */
export function useQrMenu() {
  return useQuery({ queryKey: ['qr-menu'], queryFn: () => api.get<QrMenu>('/api/v1/qr-menu') });
}
