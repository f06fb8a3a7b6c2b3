import { useMemo, type FocusEvent, type ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SETTING_CURRENCIES, generalSettingInputSchema, type GeneralSetting } from '@posauto/shared/schemas/settings';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { notifySuccess } from '../../../lib/notify';
import { useBranchOptions, useSaveGeneralSetting } from '../api/general-setting';
import { FormActions } from '../../../components/crud/form-actions';
import { LogoField } from './logo-field';
import { timeZoneOptions } from './time-zones';

type Currency = (typeof SETTING_CURRENCIES)[number];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={4} mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

const valuesOf = (s: GeneralSetting) => ({
  shop_name: s.shop_name,
  phone: s.phone ?? '',
  address: s.address ?? '',
  currency: s.currency as Currency,
  local_currency: s.local_currency as Currency,
  exchange_rate: trimDecimal(s.exchange_rate),
  sale_tax: trimDecimal(s.sale_tax),
  is_exclude_tax: s.is_exclude_tax,
  default_stock_alert: s.default_stock_alert,
  out_of_stock_sale: s.out_of_stock_sale,
  edit_date: s.edit_date,
  edit_cost: s.edit_cost,
  inline_discount: s.inline_discount,
  receipt_footer: s.receipt_footer ?? '',
  vatin_number: s.vatin_number ?? '',
  time_zone: s.time_zone,
  default_branch_id: s.default_branch_id,
});

/** "4100.0000" -> "4100", "7.50" -> "7.5": the exact value without the zeros of the stored scale. */
const trimDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** Thousands separators and spaces people type in numbers ("4,100") are not part of the value. */
const plainNumber = (v: string) => v.replace(/[\s,]/g, '');

type Values = ReturnType<typeof valuesOf>;
type Form = UseFormReturnType<Values>;
type Toggled = 'is_exclude_tax' | 'out_of_stock_sale' | 'edit_date' | 'edit_cost' | 'inline_discount';

/** "4,100" is what people type; the value is "4100" (normalised when the field is left, before validation). */
const numberProps = (form: Form, field: 'exchange_rate' | 'sale_tax' | 'default_stock_alert') => ({
  ...form.getInputProps(field),
  onBlur: (e: FocusEvent<HTMLInputElement>) => form.setFieldValue(field, plainNumber(e.currentTarget.value)),
});

function Toggle({ form, field, label, description }: { form: Form; field: Toggled; label: string; description?: string }) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t(label)}
      description={description ? t(description) : undefined}
      data-testid={`switch-${field}`}
      key={form.key(field)}
      {...form.getInputProps(field, { type: 'checkbox' })}
    />
  );
}

/** The shop's general settings: one form in four sections, saved together. */
export function GeneralSettingForm({ setting }: { setting: GeneralSetting }) {
  const save = useSaveGeneralSetting();
  const { form, onSubmit, saving } = useEntityForm(generalSettingInputSchema, valuesOf(setting), async (v) => {
    await save.mutateAsync({
      ...v,
      shop_name: v.shop_name.trim(),
      phone: v.phone.trim() || null,
      address: v.address.trim() || null,
      exchange_rate: plainNumber(v.exchange_rate),
      sale_tax: plainNumber(v.sale_tax),
      default_stock_alert: plainNumber(v.default_stock_alert),
      receipt_footer: v.receipt_footer.trim() || null,
      vatin_number: v.vatin_number.trim() || null,
    });
    notifySuccess('messages.updated');
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="general-setting-form">
      <Stack maw={980}>
        <ShopSection form={form} logoUrl={setting.logo_url} />
        <MoneySection form={form} />
        <SalesSection form={form} />
        <ReceiptSection form={form} timeZone={setting.time_zone} />
        <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 3 }}>
          <FormActions saving={saving} mt={0} />
        </Paper>
      </Stack>
    </form>
  );
}

/** The shop: logo, name, phone, address and, with several branches, the default one. */
function ShopSection({ form, logoUrl }: { form: Form; logoUrl: GeneralSetting['logo_url'] }) {
  const { t } = useTranslation();
  const branches = useBranchOptions();
  return (
    <Section title={t('general_setting.shop')}>
      <LogoField logoUrl={logoUrl} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('general_setting.shop_name')} withAsterisk key={form.key('shop_name')} {...form.getInputProps('shop_name')} />
        <TextInput label={t('general_setting.phone')} type="tel" dir="ltr" key={form.key('phone')} {...form.getInputProps('phone')} />
      </SimpleGrid>
      <Textarea label={t('general_setting.address')} autosize minRows={2} key={form.key('address')} {...form.getInputProps('address')} />
      {/* With one branch, it is the default: nothing to choose. */}
      {(branches.data?.length ?? 0) > 1 && (
        <Select
          label={t('general_setting.default_branch')}
          description={t('general_setting.default_branch_hint')}
          data-testid="default-branch"
          data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          nothingFoundMessage={t('general_setting.no_branch')}
          allowDeselect={false}
          key={form.key('default_branch_id')}
          {...form.getInputProps('default_branch_id')}
        />
      )}
    </Section>
  );
}

/** Money: the shop's currency and the local one, the rate between them, VAT and whether prices include it. */
function MoneySection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const currencies = SETTING_CURRENCIES.map((c) => ({ value: c, label: t(`general_setting.currencies.${c}`) }));
  return (
    <Section title={t('general_setting.money')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('general_setting.currency')}
          data={currencies}
          allowDeselect={false}
          key={form.key('currency')}
          {...form.getInputProps('currency')}
        />
        <Select
          label={t('general_setting.local_currency')}
          data={currencies}
          allowDeselect={false}
          key={form.key('local_currency')}
          {...form.getInputProps('local_currency')}
        />
        <TextInput
          label={t('general_setting.exchange_rate')}
          description={t('general_setting.exchange_rate_hint')}
          inputMode="decimal"
          dir="ltr"
          withAsterisk
          data-testid="exchange-rate"
          key={form.key('exchange_rate')}
          {...numberProps(form, 'exchange_rate')}
        />
        <TextInput
          label={t('general_setting.sale_tax')}
          description={t('general_setting.sale_tax_hint')}
          inputMode="decimal"
          dir="ltr"
          withAsterisk
          data-testid="sale-tax"
          key={form.key('sale_tax')}
          {...numberProps(form, 'sale_tax')}
        />
      </SimpleGrid>
      <Toggle form={form} field="is_exclude_tax" label="general_setting.is_exclude_tax" description="general_setting.is_exclude_tax_hint" />
    </Section>
  );
}

/** Selling: the default stock alert and what the till lets a cashier do. */
function SalesSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Section title={t('general_setting.sales')}>
      <TextInput
        label={t('general_setting.default_stock_alert')}
        description={t('general_setting.default_stock_alert_hint')}
        inputMode="decimal"
        dir="ltr"
        maw={420}
        key={form.key('default_stock_alert')}
        {...numberProps(form, 'default_stock_alert')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Toggle form={form} field="out_of_stock_sale" label="general_setting.out_of_stock_sale" />
        <Toggle form={form} field="edit_date" label="general_setting.edit_date" />
        <Toggle form={form} field="edit_cost" label="general_setting.edit_cost" />
        <Toggle form={form} field="inline_discount" label="general_setting.inline_discount" />
      </SimpleGrid>
    </Section>
  );
}

/** The receipt: its footer, the VAT number it prints, and the clock its times are on. */
function ReceiptSection({ form, timeZone }: { form: Form; timeZone: string }) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZoneOptions(timeZone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), [timeZone]);
  return (
    <Section title={t('general_setting.receipt')}>
      <Textarea
        label={t('general_setting.receipt_footer')}
        placeholder={t('general_setting.receipt_footer_placeholder')}
        autosize
        minRows={2}
        key={form.key('receipt_footer')}
        {...form.getInputProps('receipt_footer')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('general_setting.vatin_number')}
          description={t('general_setting.vatin_hint')}
          dir="ltr"
          key={form.key('vatin_number')}
          {...form.getInputProps('vatin_number')}
        />
        <Select
          label={t('general_setting.time_zone')}
          description={t('general_setting.time_zone_hint')}
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('common.no_match')}
          data-testid="time-zone"
          key={form.key('time_zone')}
          {...form.getInputProps('time_zone')}
        />
      </SimpleGrid>
    </Section>
  );
}
