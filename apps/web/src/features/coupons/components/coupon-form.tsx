import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { COUPON_DISCOUNT_TYPES, couponInputSchema, type Coupon, type CouponInput } from '@posauto/shared/schemas/coupons';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { FormActions } from '../../../components/crud/form-actions';
import { useEntityForm } from '../../../components/crud/use-entity-form';

type Values = {
  name: string;
  description: string;
  discount_type: CouponInput['discount_type'] | null;
  discount_value: string;
  starts_on: string;
  ends_on: string;
  usage_limit: number | string;
  status: boolean;
};

/** What is sent: empty dates and limit mean none. */
const toInput = (v: Values): CouponInput => ({
  name: v.name.trim(),
  description: v.description.trim() || null,
  discount_type: v.discount_type!,
  discount_value: v.discount_value.trim(),
  starts_on: v.starts_on || null,
  ends_on: v.ends_on || null,
  usage_limit: v.usage_limit === '' ? null : Number(v.usage_limit),
  status: v.status,
});
/** The form checks what it will send with the server's own rules. */
const formSchema = z.preprocess((v) => toInput(v as Values), couponInputSchema);

/** A coupon: its code (kept upper-case), the discount, the days it is valid and how many sales may use it. */
export function CouponForm({ item, submit, onCancel }: EntityFormProps<Coupon, CouponInput>) {
  const { t } = useTranslation();
  const initial: Values = {
    name: item?.name ?? '',
    description: item?.description ?? '',
    discount_type: item?.discount_type ?? 'percent',
    discount_value: item?.discount_value ?? '',
    starts_on: item?.starts_on ?? '',
    ends_on: item?.ends_on ?? '',
    usage_limit: item?.usage_limit ?? '',
    status: item?.status ?? true,
  };
  const { form, onSubmit, saving } = useEntityForm(formSchema, initial, (v) => submit(toInput(v)));
  const [type, setType] = useState(initial.discount_type);
  form.watch('discount_type', ({ value }) => setType(value));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="coupon-form">
      <Stack>
        <TextInput
          label={t('coupons.code')}
          description={t('coupons.code_hint')}
          withAsterisk
          data-autofocus
          dir="ltr"
          styles={{ input: { textTransform: 'uppercase' } }}
          data-testid="coupon-code"
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('coupons.description')}
          autosize
          minRows={2}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('coupons.discount_type')}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ zIndex: 2100 }}
            data={COUPON_DISCOUNT_TYPES.map((v) => ({ value: v, label: t(`coupons.types.${v}`) }))}
            data-testid="coupon-type"
            key={form.key('discount_type')}
            {...form.getInputProps('discount_type')}
          />
          <TextInput
            label={t('coupons.discount_value')}
            description={type === 'fixed' ? t('coupons.value_fixed_hint') : t('coupons.value_percent_hint')}
            withAsterisk
            inputMode="decimal"
            dir="ltr"
            rightSection={type === 'fixed' ? (item?.currency ?? undefined) : '%'}
            rightSectionWidth={type === 'fixed' ? 48 : 32}
            data-testid="coupon-value"
            key={form.key('discount_value')}
            {...form.getInputProps('discount_value')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label={t('coupons.starts_on')} key={form.key('starts_on')} {...form.getInputProps('starts_on')} />
          <TextInput type="date" label={t('coupons.ends_on')} key={form.key('ends_on')} {...form.getInputProps('ends_on')} />
        </SimpleGrid>
        <NumberInput
          label={t('coupons.usage_limit')}
          description={t('coupons.usage_limit_hint')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          key={form.key('usage_limit')}
          {...form.getInputProps('usage_limit')}
        />
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
