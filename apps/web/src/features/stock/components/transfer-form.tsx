import { useEffect, type ReactNode } from 'react';
import { Alert, Center, Checkbox, Group, Loader, Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { stockTransferInputSchema, type StockTransferDetail, type StockTransferInput } from '@posauto/shared/schemas/stock';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveStockTransfer, useStockTransfer, useStockTransferOptions } from '../api/transfers';
import { StockLinesTable, stockLinesInput, useStockLines, type StockLine } from './stock-lines';

export interface TransferFormProps {
  /** The product finder of the catalogue, handed in by the screen (features do not import each other). */
  renderPicker: (onPick: (p: Product) => void) => ReactNode;
  /** A shop-level user may send and receive in one step; a branch user only sends. */
  canReceiveNow: boolean;
  /** Editing this transfer (still on its way); none: a new one. */
  id?: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A new transfer, or one on its way being corrected: from, to (another branch), day, note and the items sent. */
export function StockTransferForm(props: TransferFormProps) {
  const { t } = useTranslation();
  const existing = useStockTransfer(props.id);
  if (!props.id) return <TransferEditor {...props} initial={null} />;
  if (existing.error) return <Alert color="red">{existing.error.message}</Alert>;
  if (!existing.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (existing.data.state !== 'sent') return <Alert color="orange">{t('stock.transfer.not_editable')}</Alert>;
  return <LoadedEditor {...props} initial={existing.data} />;
}

/** An edit waits for the products of the transfer's lines (their type and own unit decide the choices offered). */
function LoadedEditor(props: TransferFormProps & { initial: StockTransferDetail }) {
  const { t } = useTranslation();
  const ids = [...new Set(props.initial.lines.map((l) => l.product_id))];
  const products = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['products', 'item', id],
      queryFn: () => api.get<Product>(`/api/v1/products/${id}`),
      staleTime: 60_000,
    })),
  });
  if (products.some((p) => p.isLoading)) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const byId = new Map(products.flatMap((p) => (p.data ? [[p.data.id, p.data] as const] : [])));
  const lines: StockLine[] = props.initial.lines.map((l) => {
    const p = byId.get(l.product_id);
    return {
      key: l.id,
      product: {
        id: l.product_id,
        product_name: p?.product_name ?? l.product_name,
        sku_code: p?.sku_code ?? l.sku_code,
        type: p?.type ?? (l.variant_id ? 'variation' : 'single'),
        unit_id: p?.unit_id ?? l.unit_id,
      },
      variant_id: l.variant_id,
      // No unit on the line: the product's own (the same quantity).
      unit_id: l.unit_id ?? p?.unit_id ?? null,
      quantity: l.quantity,
    };
  });
  return <TransferEditor {...props} initial={props.initial} initialLines={lines} />;
}

function TransferEditor({
  renderPicker,
  canReceiveNow,
  id,
  initial,
  initialLines = [],
}: TransferFormProps & { initial: StockTransferDetail | null; initialLines?: StockLine[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useStockTransferOptions();
  const save = useSaveStockTransfer(id);
  const stock = useStockLines(initialLines);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      from_branch_id: initial?.from_branch_id ?? '',
      to_branch_id: initial?.to_branch_id ?? '',
      sent_on: initial?.sent_on ?? today(),
      note: initial?.note ?? '',
      receive_now: false,
    },
  });
  const from = options.data?.from_branches ?? [];
  const only = options.data?.from_branches.length === 1 ? options.data.from_branches[0]!.id : null;
  useEffect(() => {
    if (only && !form.getValues().from_branch_id) form.setFieldValue('from_branch_id', only);
  }, [only, form]);
  const fromId = form.values.from_branch_id;
  const to = (options.data?.to_branches ?? []).filter((b) => b.id !== fromId);

  const submit = form.onSubmit(async (values) => {
    const input: StockTransferInput = {
      ...values,
      receive_now: canReceiveNow && values.receive_now,
      lines: stockLinesInput(stock.lines),
    };
    const parsed = stockTransferInputSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors(stock.refuse(parsed.error.issues, t));
      return;
    }
    stock.accept();
    try {
      const res = await save.mutateAsync(parsed.data);
      notifySuccess(id ? 'messages.updated' : 'messages.created');
      void navigate(`/stock-transfer-detail/${res.data.id}`);
    } catch (e) {
      notifyError(e);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="transfer-form">
      <PageHeader subtitle={initial?.transfer_number} />
      <Stack>
        <Paper withBorder p="md" radius="md">
          <Group grow align="flex-start">
            <Select
              label={t('stock.transfer.from')}
              withAsterisk
              data={from.map((b) => ({ value: b.id, label: b.name }))}
              {...form.getInputProps('from_branch_id')}
              data-testid="transfer-from"
            />
            <Select
              label={t('stock.transfer.to')}
              withAsterisk
              data={to.map((b) => ({ value: b.id, label: b.name }))}
              {...form.getInputProps('to_branch_id')}
              data-testid="transfer-to"
            />
            <TextInput type="date" label={t('stock.transfer.date')} withAsterisk {...form.getInputProps('sent_on')} />
          </Group>
          <Textarea mt="sm" label={t('stock.transfer.note')} autosize minRows={2} {...form.getInputProps('note')} />
          {canReceiveNow && (
            <Checkbox
              mt="sm"
              label={t('stock.transfer.receive_now')}
              description={t('stock.transfer.receive_now_hint')}
              {...form.getInputProps('receive_now', { type: 'checkbox' })}
              data-testid="transfer-receive-now"
            />
          )}
        </Paper>

        <StockLinesTable
          renderPicker={renderPicker}
          stock={stock}
          units={options.data?.units ?? []}
          empty={t('stock.transfer.no_lines')}
          unitLabel={t('stock.transfer.unit')}
        />
        <FormActions saving={save.isPending} onCancel={() => void navigate('/stock-transfer-listing')} mt={0} />
      </Stack>
    </form>
  );
}
