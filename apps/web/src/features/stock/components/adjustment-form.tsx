import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, Paper, Select, Stack, Table, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { stockAdjustmentInputSchema, type StockAdjustmentInput } from '@posauto/shared/schemas/stock';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateStockAdjustment, useStockAdjustmentOptions, useVariantOptions } from '../api/stock';
import { FormActions } from '../../../components/crud/form-actions';

/** A product line being counted: the product as picked, the variant and unit chosen, the quantity typed. */
interface Line {
  key: string;
  product: Pick<Product, 'id' | 'product_name' | 'sku_code' | 'type' | 'unit_id' | 'unit_name'>;
  variant_id: string | null;
  unit_id: string | null;
  quantity: string;
}

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
  const [lines, setLines] = useState<Line[]>([]);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { branch_id: '', adjustment_type_id: '', adjusted_on: today(), reason: '' },
  });
  const branches = options.data?.branches ?? [];
  if (branches.length === 1 && !form.getValues().branch_id) form.setFieldValue('branch_id', branches[0]!.id);

  const unitsFor = (line: Line) => {
    const units = options.data?.units ?? [];
    const own = units.find((u) => u.id === line.product.unit_id);
    if (!own) return [];
    const base = own.base_unit_id ?? own.id;
    return units.filter((u) => (u.base_unit_id ?? u.id) === base).map((u) => ({ value: u.id, label: u.name }));
  };

  const add = (p: Product) =>
    setLines((ls) => [...ls, { key: `${p.id}-${Date.now()}`, product: p, variant_id: null, unit_id: p.unit_id, quantity: '1' }]);
  const change = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = form.onSubmit(async (values) => {
    const input: StockAdjustmentInput = {
      ...values,
      lines: lines.map((l) => ({ product_id: l.product.id, variant_id: l.variant_id, unit_id: l.unit_id, quantity: l.quantity.trim() })),
    };
    const parsed = stockAdjustmentInputSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      const perLine: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [head, index] = issue.path;
        if (head === 'lines' && typeof index === 'number') perLine[lines[index]!.key] ??= t(issue.message);
        else fieldErrors[String(head)] ??= t(issue.message);
      }
      form.setErrors(fieldErrors);
      setLineErrors(perLine);
      if (fieldErrors.lines) notifyError(new Error(fieldErrors.lines));
      return;
    }
    setLineErrors({});
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

        <Paper withBorder p="md" radius="md">
          <Stack>
            {renderPicker(add)}
            {lines.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('stock_adjustment.no_lines')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('stock_adjustment.item')}</Table.Th>
                      <Table.Th>{t('stock_adjustment.unit')}</Table.Th>
                      <Table.Th>{t('stock_adjustment.quantity')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.map((l) => (
                      <LineRow
                        key={l.key}
                        line={l}
                        units={unitsFor(l)}
                        error={lineErrors[l.key]}
                        onChange={(patch) => change(l.key, patch)}
                        onRemove={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>
        <FormActions saving={create.isPending} onCancel={() => void navigate('/stock-adjustment-listing')} mt={0} />
      </Stack>
    </form>
  );
}

function LineRow(props: {
  line: Line;
  units: Array<{ value: string; label: string }>;
  error: string | undefined;
  onChange: (patch: Partial<Line>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { line, units, error } = props;
  const variants = useVariantOptions(line.product.type === 'variation' ? line.product.id : null);
  const name = `${line.product.product_name} · ${line.product.sku_code}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {line.product.type === 'variation' && (
          <Select
            mt={4}
            size="xs"
            aria-label={`${t('stock_adjustment.variant')} ${name}`}
            placeholder={t('stock_adjustment.variant')}
            data={variants}
            value={line.variant_id}
            onChange={(v) => props.onChange({ variant_id: v })}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label={`${t('stock_adjustment.unit')} ${name}`}
          data={units}
          value={line.unit_id}
          onChange={(v) => props.onChange({ unit_id: v })}
          disabled={units.length === 0}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          inputMode="decimal"
          aria-label={`${t('stock_adjustment.quantity')} ${name}`}
          value={line.quantity}
          error={error}
          onChange={(e) => props.onChange({ quantity: e.currentTarget.value })}
          data-testid="line-quantity"
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" onClick={props.onRemove} aria-label={`${t('common.delete')} ${name}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
