import type { ExpenseCategory, ExpenseCategoryInput } from '@posauto/shared/schemas/expenses';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';
import { conflict } from '../../http/errors';

export const EXPENSE_CATEGORY_COUNTER = 'expense_categories';

const selectCategories = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('expense_categories as t')
    .select(['t.id', 't.name', 't.description', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

/** Expense categories (rent, salaries...): a setting list like brands, its name unique per shop whatever its case. */
export function expenseCategoriesService(deps: Deps) {
  return crudTableService(deps, {
    table: 'expense_categories',
    entity: 'expense_category',
    counter: EXPENSE_CATEGORY_COUNTER,
    nameTaken: 'expenses.errors.category_name_taken',
    list: { searchColumns: ['t.name', 't.description'] },
    select: selectCategories,
    toApi: (r): ExpenseCategory => ({ ...r, description: r.description ?? null, status: Boolean(r.status) }),
    columns: (i: ExpenseCategoryInput) => ({ description: i.description || null }),
    // Expenses keep their category: a used one can be switched off, not deleted.
    async beforeRemove(trx, businessId, id) {
      const used = await trx
        .selectFrom('expenses')
        .select('id')
        .where('business_id', '=', businessId)
        .where('category_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (used) throw conflict('expenses.errors.category_in_use');
    },
    inUse: 'expenses.errors.category_in_use',
  });
}
