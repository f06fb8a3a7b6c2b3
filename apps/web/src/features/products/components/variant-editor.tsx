import { Alert, Anchor, Center, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '@posauto/shared/schemas/products';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PRODUCT_PATHS, useProductDetail, useSaveProduct } from '../api/products';
import { currencyOf } from '../lib/amounts';
import { toProductInput, valuesFromDetail, type ProductFormValues } from '../lib/form-values';
import { validateProduct } from '../lib/validate';
import { useValueNames } from './variations-section';
import { VariantsTable } from './variants-table';
import { FormActions } from '../../../components/crud/form-actions';

function VariantEditorBody({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProduct();
  const valueNames = useValueNames(product.variants);
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: valuesFromDetail(product),
    validate: (values) => Object.fromEntries(Object.entries(validateProduct(values)).map(([k, key]) => [k, t(key)])),
  });
  const onSubmit = form.onSubmit(
    async (values) => {
      try {
        // The whole product travels (PUT), unchanged but for its variants.
        await save.mutateAsync({ id: product.id, input: toProductInput(values) });
        notifySuccess('messages.updated');
        navigate(PRODUCT_PATHS.list);
      } catch (e) {
        if (e instanceof ApiError && e.errors && Object.keys(e.errors).length) form.setErrors(e.errors);
        notifyError(e);
      }
    },
    () => notifyError(new ApiError(422, t('errors.invalid_input'))),
  );
  // Errors on fields this page does not show (the product's own) are listed so the user knows where to go.
  const elsewhere = Object.entries(form.errors).filter(([k]) => !k.startsWith('variants.') && k !== 'is_variation_cost');

  return (
    <form onSubmit={onSubmit} noValidate data-testid="variant-editor">
      <Paper withBorder p="md">
        <Stack>
          <Switch
            label={t('product.is_variation_cost')}
            description={t('product.is_variation_cost_hint')}
            data-testid="variation-cost"
            {...form.getInputProps('is_variation_cost', { type: 'checkbox' })}
          />
          <VariantsTable form={form} currency={currencyOf(product.currency)} valueNames={valueNames} />
          {elsewhere.length > 0 && (
            <Alert color="red">
              {elsewhere.map(([k, msg]) => (
                <Text key={k} size="sm">
                  {String(msg)}
                </Text>
              ))}
              <Anchor component={Link} to={PRODUCT_PATHS.edit(product.id)} size="sm">
                {t('product.open_full_form')}
              </Anchor>
            </Alert>
          )}
        </Stack>
      </Paper>
      <FormActions saving={save.isPending} onCancel={() => navigate(PRODUCT_PATHS.list)} mt="md" />
    </form>
  );
}

/** The variants of a variation product alone: SKU, barcode, cost, price and status of each. */
export function VariantEditorPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const product = useProductDetail(id);
  const p = product.data;
  return (
    <Stack gap={0}>
      <PageHeader subtitle={p?.product_name} />
      {product.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : product.error || !p ? (
        <Alert color="red">{(product.error as Error | null)?.message ?? t('errors.not_found')}</Alert>
      ) : p.type !== 'variation' || p.variants.length === 0 ? (
        <Alert color="yellow" data-testid="no-variants">
          {t('product.no_variants')}{' '}
          <Anchor component={Link} to={PRODUCT_PATHS.edit(p.id)}>
            {t('product.open_full_form')}
          </Anchor>
        </Alert>
      ) : (
        <VariantEditorBody key={p.id} product={p} />
      )}
    </Stack>
  );
}
