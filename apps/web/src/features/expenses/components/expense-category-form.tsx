import { Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { expenseCategoryInputSchema, type ExpenseCategory, type ExpenseCategoryInput } from '@posauto/shared/schemas/expenses';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { FormActions } from '../../../components/crud/form-actions';
import { useEntityForm } from '../../../components/crud/use-entity-form';

type Values = { name: string; description: string; status: boolean };
const toInput = (v: Values): ExpenseCategoryInput => ({ name: v.name.trim(), description: v.description.trim() || null, status: v.status });
const formSchema = z.preprocess((v) => toInput(v as Values), expenseCategoryInputSchema);

export function ExpenseCategoryForm({ item, submit, onCancel }: EntityFormProps<ExpenseCategory, ExpenseCategoryInput>) {
  const { t } = useTranslation();
  const initial: Values = { name: item?.name ?? '', description: item?.description ?? '', status: item?.status ?? true };
  const { form, onSubmit, saving } = useEntityForm(formSchema, initial, (v) => submit(toInput(v)));
  return (
    <form onSubmit={onSubmit} noValidate data-testid="expense-category-form">
      <Stack>
        <TextInput
          label={t('expenses.categories.name')}
          withAsterisk
          data-autofocus
          data-testid="expense-category-name"
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('expenses.categories.description')}
          autosize
          minRows={2}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
