import { useState } from 'react';
import { ActionIcon, Avatar, Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconBarcode, IconFileImport, IconPhoto, IconPrinter, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, type Product, type ProductInput } from '@posauto/shared/schemas/products';
import { CrudListPage, type SelectionContext } from '../../../components/crud/crud-list-page';
import type { Column } from '../../../components/data-table/data-table';
import { Ltr } from '../../../components/ltr';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PRODUCT_PATHS, productsResource } from '../api/products';
import { useBrandOptions, useCategoryOptions } from '../api/options';
import { formatPrice } from '../lib/display';
import { ImportDialog } from './import-dialog';
import { ProductTypeBadge } from './product-type-badge';
import { StockCell } from './stock-cell';

function SelectionBar({ selected, pageRows, select, clear }: SelectionContext<Product>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const ids = new Set(selected.map((p) => p.id));
  const pageAll = pageRows.length > 0 && pageRows.every((r) => ids.has(r.id));
  const pageSome = pageRows.some((r) => ids.has(r.id));
  return (
    <>
      <Checkbox
        label={t('product.select_page')}
        checked={pageAll}
        indeterminate={pageSome && !pageAll}
        onChange={(e) => select(pageRows, e.currentTarget.checked)}
        data-testid="select-page"
      />
      <Text size="sm" fw={500} data-testid="selected-count">
        {t('product.selected_count', { total: formatInteger(selected.length, lang) })}
      </Text>
      <Button
        size="xs"
        leftSection={<IconPrinter size={16} />}
        onClick={() => navigate(PRODUCT_PATHS.labels(selected.map((p) => p.id)))}
        data-testid="print-selected"
      >
        {t('product.print_labels')}
      </Button>
      <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={clear}>
        {t('product.clear_selection')}
      </Button>
    </>
  );
}

/** The product list: filters, scanner-friendly search, import, export, labels of ticked rows. */
export function ProductList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const user = useUserData();
  const categories = useCategoryOptions();
  const brands = useBrandOptions();
  const [importing, setImporting] = useState(false);
  const can = {
    create: hasPermission(user, 'product-create'),
    edit: hasPermission(user, 'product-edit'),
    delete: hasPermission(user, 'product-delete'),
    status: hasPermission(user, 'product-edit'),
  };

  const columns: Column<Product>[] = [
    {
      key: 'image',
      header: 'product.image',
      width: 64,
      render: (p) => (
        <Avatar src={p.image_url ?? undefined} alt="" radius="sm" size={40}>
          <IconPhoto size={20} />
        </Avatar>
      ),
    },
    {
      key: 'product_name',
      header: 'product.name',
      sortable: true,
      render: (p) => (
        <Stack gap={2}>
          <Text fw={500} size="sm" lineClamp={2}>
            {p.product_name}
          </Text>
          <Group gap={4}>
            <ProductTypeBadge type={p.type} />
            {p.type === 'variation' && (
              <Text size="xs" c="dimmed">
                {t('product.variant_count', { total: formatInteger(p.variant_count, lang) })}
              </Text>
            )}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'sku_code',
      header: 'product.sku',
      sortable: true,
      render: (p) => (
        <Text size="sm" ff="monospace">
          <Ltr>{p.sku_code}</Ltr>
        </Text>
      ),
    },
    { key: 'category', header: 'product.category', render: (p) => p.category_name ?? '—' },
    { key: 'brand', header: 'product.brand', render: (p) => p.brand_name ?? '—' },
    { key: 'unit', header: 'product.unit', render: (p) => p.unit_name ?? '—' },
    {
      key: 'purchase_cost',
      header: 'product.cost',
      align: 'right',
      render: (p) => <Ltr>{formatPrice(p.purchase_cost, p.currency, lang)}</Ltr>,
    },
    {
      key: 'sale_cost',
      header: 'product.price',
      sortable: true,
      align: 'right',
      render: (p) => (
        <Text size="sm" fw={500}>
          <Ltr>{formatPrice(p.sale_cost, p.currency, lang)}</Ltr>
        </Text>
      ),
    },
    { key: 'stock', header: 'product.stock', align: 'right', render: (p) => <StockCell product={p} /> },
  ];

  return (
    <>
      <CrudListPage<Product, ProductInput>
        resource={productsResource}
        title="product.title"
        subtitle="product.subtitle"
        firstStep="products"
        searchPlaceholder="product.search_placeholder"
        withStatus
        createTo={PRODUCT_PATHS.create}
        editTo={(p) => PRODUCT_PATHS.edit(p.id)}
        can={can}
        columns={columns}
        filters={[
          {
            key: 'category_id',
            placeholder: 'product.all_categories',
            data: (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          },
          { key: 'brand_id', placeholder: 'product.all_brands', data: (brands.data ?? []).map((b) => ({ value: b.id, label: b.name })) },
          {
            key: 'type',
            placeholder: 'product.all_types',
            data: PRODUCT_TYPES.map((type) => ({ value: type, label: t(`product.types.${type}`) })),
          },
        ]}
        selection={{ header: 'product.select', bar: (ctx) => <SelectionBar {...ctx} /> }}
        actions={
          can.create && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
              data-testid="import-open"
            >
              {t('product.import')}
            </Button>
          )
        }
        rowActions={(p) => (
          <>
            <Tooltip label={t('product.print_labels')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('product.print_labels')}
                onClick={() => navigate(PRODUCT_PATHS.labels([p.id]))}
                data-testid="row-labels"
              >
                <IconBarcode size={18} />
              </ActionIcon>
            </Tooltip>
            {can.edit && p.type === 'variation' && (
              <Tooltip label={t('product.edit_variants')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('product.edit_variants')}
                  onClick={() => navigate(PRODUCT_PATHS.editVariants(p.id))}
                  data-testid="row-variants"
                >
                  <IconAdjustmentsHorizontal size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </>
        )}
      />
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
