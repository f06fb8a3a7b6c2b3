import { useState, type ReactNode } from 'react';
import { Grid, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAPER_WIDTHS, saleSettingsInputSchema, type PaperWidth, type SaleSettings } from '@posauto/shared/schemas/shop-settings';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { notifySuccess } from '../../../lib/notify';
import { usePaymentMethodOptions, useSaveSaleSettings } from '../api/sale-settings';
import { CustomerSelect } from './customer-select';
import { FormActions } from '../../../components/crud/form-actions';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" h="100%">
      <Title order={4} mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

const valuesOf = (s: SaleSettings) => ({
  default_customer_id: s.default_customer_id,
  default_payment_method_id: s.default_payment_method_id,
  receipt_show_logo: s.receipt_show_logo,
  receipt_show_address: s.receipt_show_address,
  receipt_show_vatin: s.receipt_show_vatin,
  receipt_paper_width: s.receipt_paper_width as PaperWidth,
  receipt_auto_print: s.receipt_auto_print,
  invoice_prefix: s.invoice_prefix,
  quotation_prefix: s.quotation_prefix,
});

/** Sale defaults, receipt options and document number prefixes, saved together. */
export function SaleSettingForm({ settings }: { settings: SaleSettings }) {
  const { t } = useTranslation();
  const save = useSaveSaleSettings();
  const methods = usePaymentMethodOptions();
  const initial = valuesOf(settings);
  const { form, onSubmit, saving } = useEntityForm(saleSettingsInputSchema, initial, async (v) => {
    await save.mutateAsync({
      ...v,
      default_customer_id: v.default_customer_id ?? '',
      invoice_prefix: v.invoice_prefix.trim(),
      quotation_prefix: v.quotation_prefix.trim(),
    });
    notifySuccess('messages.updated');
  });
  const [prefixes, setPrefixes] = useState({ invoice: initial.invoice_prefix, quotation: initial.quotation_prefix });
  form.watch('invoice_prefix', ({ value }) => setPrefixes((p) => ({ ...p, invoice: value })));
  form.watch('quotation_prefix', ({ value }) => setPrefixes((p) => ({ ...p, quotation: value })));
  const toggle = (field: 'receipt_show_logo' | 'receipt_show_address' | 'receipt_show_vatin' | 'receipt_auto_print', label: string) => (
    <Switch label={t(label)} data-testid={`switch-${field}`} key={form.key(field)} {...form.getInputProps(field, { type: 'checkbox' })} />
  );
  // The number is isolated left-to-right (U+2066...U+2069) so it reads the same inside Arabic text.
  const example = (prefix: string) => (
    <Text size="xs" c="dimmed">
      {t('sale_setting.example', { number: `\u2066${prefix.trim()}000123\u2069` })}
    </Text>
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="sale-setting-form">
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('sale_setting.defaults')}>
            <CustomerSelect
              label={t('sale_setting.default_customer')}
              description={t('sale_setting.default_customer_hint')}
              initial={
                settings.default_customer_id ? { id: settings.default_customer_id, name: settings.default_customer_name ?? '' } : null
              }
              defaultValue={initial.default_customer_id}
              error={form.errors.default_customer_id as string | undefined}
              onChange={(id) => form.setFieldValue('default_customer_id', id)}
            />
            <Select
              label={t('sale_setting.default_payment_method')}
              placeholder={t('sale_setting.default_payment_method_placeholder')}
              clearable
              data={(methods.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              data-testid="default-payment-method"
              key={form.key('default_payment_method_id')}
              {...form.getInputProps('default_payment_method_id')}
            />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title={t('sale_setting.receipt')}>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('sale_setting.paper_width')}
              </Text>
              <SegmentedControl
                data={PAPER_WIDTHS.map((w) => ({ value: String(w), label: t(`sale_setting.paper_${w}`) }))}
                defaultValue={String(initial.receipt_paper_width)}
                onChange={(v) => form.setFieldValue('receipt_paper_width', Number(v) as PaperWidth)}
                data-testid="paper-width"
                key={form.key('receipt_paper_width')}
              />
            </Stack>
            {toggle('receipt_show_logo', 'sale_setting.show_logo')}
            {toggle('receipt_show_address', 'sale_setting.show_address')}
            {toggle('receipt_show_vatin', 'sale_setting.show_vatin')}
            {toggle('receipt_auto_print', 'sale_setting.auto_print')}
          </Section>
        </Grid.Col>
        <Grid.Col span={12}>
          <Section title={t('sale_setting.numbers')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={4}>
                <TextInput
                  label={t('sale_setting.invoice_prefix')}
                  description={t('sale_setting.prefix_hint')}
                  dir="ltr"
                  maxLength={10}
                  data-testid="invoice-prefix"
                  key={form.key('invoice_prefix')}
                  {...form.getInputProps('invoice_prefix')}
                />
                {example(prefixes.invoice)}
              </Stack>
              <Stack gap={4}>
                <TextInput
                  label={t('sale_setting.quotation_prefix')}
                  description={t('sale_setting.prefix_hint')}
                  dir="ltr"
                  maxLength={10}
                  key={form.key('quotation_prefix')}
                  {...form.getInputProps('quotation_prefix')}
                />
                {example(prefixes.quotation)}
              </Stack>
            </SimpleGrid>
          </Section>
        </Grid.Col>
      </Grid>
      <FormActions saving={saving} mt="md" />
    </form>
  );
}
