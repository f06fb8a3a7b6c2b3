import { Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, type ProductType } from '@posauto/shared/schemas/products';
import { BarcodeField } from './barcode-field';
import { fieldError, type SectionProps } from './form-types';

/** Type, name, SKU, barcode and description. */
export function GeneralSection({ form, productId }: SectionProps) {
  const { t } = useTranslation();
  const v = form.getValues();
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t('product.section_general')}</Title>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('product.type')}
          </Text>
          <SegmentedControl
            fullWidth
            data={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`product.types.${type}`) }))}
            value={v.type}
            // The type decides what a product is made of; documents may already point at an existing one's variants.
            disabled={Boolean(productId)}
            onChange={(value) => form.setFieldValue('type', value as ProductType)}
            data-testid="product-type"
          />
          <Text size="xs" c="dimmed">
            {t(`product.type_hints.${v.type}`)}
          </Text>
        </Stack>
        <TextInput
          label={t('product.name')}
          placeholder={t('product.name_placeholder')}
          withAsterisk
          data-testid="product-name"
          {...form.getInputProps('product_name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('product.sku')}
            placeholder={t('product.sku_placeholder')}
            dir="ltr"
            data-testid="sku"
            {...form.getInputProps('sku_code')}
          />
        </SimpleGrid>
        <BarcodeField
          label={t('product.barcode')}
          value={v.barcode}
          kind={v.barcode_type}
          error={fieldError(form, 'barcode')}
          onChange={(code, kind) => {
            form.setFieldValue('barcode', code);
            form.setFieldValue('barcode_type', kind);
          }}
        />
        <Textarea
          label={t('product.description')}
          placeholder={t('product.description_placeholder')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
      </Stack>
    </Paper>
  );
}
