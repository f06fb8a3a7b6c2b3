import { useTranslation } from 'react-i18next';
import {
  PAYMENT_METHOD_TYPES,
  paymentMethodInputSchema,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@posauto/shared/schemas/catalogue-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { NameDescriptionForm } from '../../../components/crud/name-description-form';
import { useEntityForm } from '../../../components/crud/use-entity-form';

type Values = { name: string; type: PaymentMethodInput['type'] | null; account_details: string; status: boolean };

export function PaymentMethodForm({ item, submit, onCancel }: EntityFormProps<PaymentMethod, PaymentMethodInput>) {
  const { t } = useTranslation();
  const initial: Values = {
    name: item?.name ?? '',
    type: item?.type ?? null,
    account_details: item?.account_details ?? '',
    status: item?.status ?? true,
  };
  const entity = useEntityForm(paymentMethodInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), type: v.type!, account_details: v.account_details.trim() || null }),
  );
  return (
    <NameDescriptionForm
      entity={entity}
      onCancel={onCancel}
      testId="payment-method-form"
      ns="payment_method"
      description="account_details"
      choice={{ field: 'type', data: PAYMENT_METHOD_TYPES.map((type) => ({ value: type, label: t(`payment_method.types.${type}`) })) }}
    />
  );
}
