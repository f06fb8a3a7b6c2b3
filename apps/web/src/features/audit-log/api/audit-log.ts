import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditLogOptions } from '@posauto/shared/schemas/audit-log';
import type { ListResponse } from '@posauto/shared/schemas/common';
import { api, type QueryParams } from '../../../lib/api-client';

const KEY = 'audit-log';
export const AUDIT_LOG_PATH = '/api/v1/audit-log';

/** A page of entries in the caller's language (labels and summaries come translated from the server). */
export function useAuditLog(params: QueryParams) {
  return useQuery({
    queryKey: [KEY, 'list', params],
    queryFn: () => api.get<ListResponse<AuditEntry>>(AUDIT_LOG_PATH, params),
    placeholderData: keepPreviousData,
  });
}

/** The branches and users the filters offer. */
export function useAuditLogOptions() {
  return useQuery({
    queryKey: [KEY, 'options'],
    queryFn: () => api.get<AuditLogOptions>(`${AUDIT_LOG_PATH}/options`),
    staleTime: 60_000,
  });
}
