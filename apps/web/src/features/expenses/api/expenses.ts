import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExpenseAttachment, ExpenseListResponse, ExpenseOptions } from '@posauto/shared/schemas/expenses';
import { defineResource } from '../../../components/crud/resource';
import { api, downloadFile, type QueryParams } from '../../../lib/api-client';
import { postFile, uploadFailure } from '../../../lib/upload';

export const expenseCategoriesResource = defineResource('expense-categories', '/api/v1/expense-categories');
export const expensesResource = defineResource('expenses', '/api/v1/expenses');

/** The list page with the totals of every row its filters match. */
export function useExpenseList(query: QueryParams) {
  return useQuery({
    queryKey: [expensesResource.key, 'list', query],
    queryFn: () => api.get<ExpenseListResponse>(expensesResource.path, query),
    placeholderData: keepPreviousData,
  });
}

/** Active categories and payment methods, the caller's branches, the shop currency, its rate and today. */
export function useExpenseOptions() {
  return useQuery({
    queryKey: [expensesResource.key, 'options'],
    queryFn: () => api.get<ExpenseOptions>(`${expensesResource.path}/options`),
    staleTime: 60_000,
  });
}

/** Keeps a receipt (photo or PDF) on the server until the expense is saved with its key. */
export async function uploadExpenseAttachment(file: File): Promise<ExpenseAttachment> {
  const { status, body } = await postFile(`${expensesResource.path}/attachments`, file);
  if (status >= 200 && status < 300 && (body as Partial<ExpenseAttachment> | null)?.key) return body as ExpenseAttachment;
  throw uploadFailure(status, body);
}

/** Receipts are private to the shop: fetched with the session, saved as a file. */
export const downloadExpenseAttachment = (id: string) => downloadFile(`${expensesResource.path}/${id}/attachment`, {});
