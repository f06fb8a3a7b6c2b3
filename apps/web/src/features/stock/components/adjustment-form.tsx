import type { ReactNode } from 'react';
import { Group, Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { stockAdjustmentInputSchema, type StockAdjustmentInput } from '@posauto/shared/schemas/stock';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateStockAdjustment, useStockAdjustmentOptions } from '../api/stock';
import { FormActions } from '../../../components/crud/form-actions';
import { StockLinesTable, stockLinesInput, useStockLines } from './stock-lines';

export interface AdjustmentFormProps {
  /** The product finder of the catalogue, handed in by the screen (features do not import each other). */
  renderPicker: (onPick: (p: Product) => void) => ReactNode;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A new stock adjustment: branch, type (adds or takes away), day, reason, and the items counted in any unit of theirs. */
export function StockAdjustmentForm({ renderPicker }: AdjustmentFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useStockAdjustmentOptions();
  const create = useCreateStockAdjustment();
  const stock = useStockLines([]);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { branch_id: '', adjustment_type_id: '', adjusted_on: today(), reason: '' },
  });
  const branches = options.data?.branches ?? [];
  if (branches.length === 1 && !form.getValues().branch_id) form.setFieldValue('branch_id', branches[0]!.id);

  const submit = form.onSubmit(async (values) => {
    const input: StockAdjustmentInput = {
      ...values,
      lines: stockLinesInput(stock.lines),
    };
    const parsed = stockAdjustmentInputSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors(stock.refuse(parsed.error.issues, t));
      return;
    }
    stock.accept();
    try {
      const res = await create.mutateAsync(parsed.data);
      notifySuccess('messages.created');
      void navigate(`/stock-adjustment-listing/listing/${res.data.id}`);
    } catch (e) {
      notifyError(e);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="adjustment-form">
      <PageHeader />
      <Stack>
        <Paper withBorder p="md" radius="md">
          <Group grow align="flex-start">
            <Select
              label={t('stock_adjustment.branch')}
              withAsterisk
              data={branches.map((b) => ({ value: b.id, label: b.name }))}
              key={form.key('branch_id')}
              {...form.getInputProps('branch_id')}
              data-testid="adjustment-branch"
            />
            <Select
              label={t('stock_adjustment.type')}
              withAsterisk
              data={(options.data?.adjustment_types ?? []).map((a) => ({
                value: a.id,
                label: `${a.direction === 'addition' ? '+' : '−'} ${a.name}`,
              }))}
              key={form.key('adjustment_type_id')}
              {...form.getInputProps('adjustment_type_id')}
              data-testid="adjustment-type"
            />
            <TextInput
              type="date"
              label={t('stock_adjustment.date')}
              withAsterisk
              key={form.key('adjusted_on')}
              {...form.getInputProps('adjusted_on')}
            />
          </Group>
          <Textarea
            mt="sm"
            label={t('stock_adjustment.reason')}
            autosize
            minRows={2}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
        </Paper>

        <StockLinesTable
          renderPicker={renderPicker}
          stock={stock}
          units={options.data?.units ?? []}
          empty={t('stock_adjustment.no_lines')}
          unitLabel={t('stock_adjustment.unit')}
        />
        <FormActions saving={create.isPending} onCancel={() => void navigate('/stock-adjustment-listing')} mt={0} />
      </Stack>
    </form>
  );
}
