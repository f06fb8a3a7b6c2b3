import { useState } from 'react';
import { Alert, Center, Grid, Loader, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '@posauto/shared/schemas/products';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGeneralSetting } from '../api/options';
import { PRODUCT_PATHS, useProductDetail, useSaveProduct } from '../api/products';
import { currencyOf } from '../lib/amounts';
import { emptyProductValues, toProductInput, valuesFromDetail, type ProductFormValues } from '../lib/form-values';
import { unshownErrors, validateProduct } from '../lib/validate';
import { AvailabilitySection } from './availability-section';
import { ComboSection } from './combo-section';
import { DetailsSection } from './details-section';
import { GeneralSection } from './general-section';
import { ImageField } from './image-field';
import { PricingSection } from './pricing-section';
import { VariationsSection } from './variations-section';
import { FormActions } from '../../../components/crud/form-actions';

function ProductFormBody({ product, shopCurrency }: { product: ProductDetail | null; shopCurrency: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProduct();
  const [imageUrl, setImageUrl] = useState<string | null>(product?.image_url ?? null);
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: product ? valuesFromDetail(product) : emptyProductValues(),
    validate: (values) => Object.fromEntries(Object.entries(validateProduct(values)).map(([k, key]) => [k, t(key)])),
  });
  // Money is in the product's own currency once saved, the shop's currency for a new one.
  const currency = currencyOf(product?.currency ?? shopCurrency);
  const section = { form, currency, productId: product?.id };
  const type = form.getValues().type;
  const elsewhere = unshownErrors(form.errors);

  const onSubmit = form.onSubmit(
    async (values) => {
      try {
        await save.mutateAsync({ id: product?.id, input: toProductInput(values) });
        notifySuccess(product ? 'messages.updated' : 'messages.created');
        navigate(PRODUCT_PATHS.list);
      } catch (e) {
        // Field messages land on their inputs (variants.2.sku_code on row 3); the summary says to look at them.
        if (e instanceof ApiError && e.errors && Object.keys(e.errors).length) form.setErrors(e.errors);
        notifyError(e);
      }
    },
    () => notifyError(new ApiError(422, t('errors.invalid_input'))),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="product-form">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <GeneralSection {...section} />
            <PricingSection {...section} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <ImageField
              url={imageUrl}
              error={form.errors.image ? String(form.errors.image) : undefined}
              onChange={(img) => {
                form.setFieldValue('image', img?.key ?? null);
                setImageUrl(img?.url ?? null);
              }}
            />
            <DetailsSection {...section} />
            <AvailabilitySection {...section} />
          </Stack>
        </Grid.Col>
        {/* The variants table needs the whole width. */}
        {type !== 'single' && (
          <Grid.Col span={12}>{type === 'variation' ? <VariationsSection {...section} /> : <ComboSection {...section} />}</Grid.Col>
        )}
      </Grid>
      {elsewhere.length > 0 && (
        <Alert color="red" mt="md" data-testid="form-errors">
          {elsewhere.map((msg, i) => (
            <div key={i}>{msg}</div>
          ))}
        </Alert>
      )}
      <FormActions saving={save.isPending} onCancel={() => navigate(PRODUCT_PATHS.list)} mt="md" />
    </form>
  );
}

/** Create (no id) or edit a product of any type on a page of its own. */
export function ProductFormPage({ id }: { id?: string }) {
  const product = useProductDetail(id);
  const setting = useGeneralSetting();
  const loading = (id && product.isLoading) || (!id && setting.isLoading);
  return (
    <Stack gap={0}>
      <PageHeader />
      {loading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : id && product.error ? (
        <Alert color="red">{(product.error as Error).message}</Alert>
      ) : (
        <ProductFormBody
          key={product.data?.id ?? 'new'}
          product={id ? (product.data ?? null) : null}
          shopCurrency={setting.data?.setting.currency}
        />
      )}
    </Stack>
  );
}
