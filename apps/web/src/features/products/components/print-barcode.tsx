import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Box, Button, Checkbox, Grid, Group, Paper, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useElementSize } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product, ProductDetail } from '@posauto/shared/schemas/products';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { productsResource, useProductDetails } from '../api/products';
import {
  expandLabels,
  LABEL_LAYOUTS,
  labelItemsOf,
  MAX_LABELS,
  mergeItems,
  totalCopies,
  type LabelItem,
  type LabelLayoutId,
} from '../lib/labels';
import { LabelItemsTable } from './label-items-table';
import { LabelSheet, pageRule, type LabelOptions } from './label-sheet';
import { ProductPicker } from './product-picker';

const ID = /^[0-9a-f-]{36}$/;
/** Products taken from the address at once (each is fetched with its variants). */
const MAX_PRESET = 100;

/** Choose products and copies, a label stock and what each label shows; preview; print with the browser. */
export function PrintBarcodePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const requested = useMemo(() => [...new Set((params.get('ids') ?? '').split(',').filter((id) => ID.test(id)))], [params]);
  const ids = useMemo(() => requested.slice(0, MAX_PRESET), [requested]);
  const preset = useProductDetails(ids);
  const [items, setItems] = useState<LabelItem[]>([]);
  const [layoutId, setLayoutId] = useState<LabelLayoutId>('a4-3x8');
  const [options, setOptions] = useState<LabelOptions>({ name: true, price: true, sku: false });

  // The products ticked in the list arrive once; the user then changes the list freely.
  useEffect(() => {
    if (preset.data) setItems((current) => mergeItems(current, preset.data.flatMap(labelItemsOf)));
  }, [preset.data]);

  const add = async (p: Product) => {
    try {
      const detail = await qc.fetchQuery({
        queryKey: [productsResource.key, 'item', p.id],
        queryFn: () => api.get<ProductDetail>(`${productsResource.path}/${p.id}`),
      });
      setItems((current) => mergeItems(current, labelItemsOf(detail)));
    } catch (e) {
      notifyError(e);
    }
  };

  const layout = LABEL_LAYOUTS[layoutId];
  // The preview shrinks a whole A4 page to the column's width; print uses the real size.
  const { ref: previewRef, width: previewWidth } = useElementSize();
  const pagePx = (layout.page.w * 96) / 25.4 + 8;
  const zoom = previewWidth > 0 ? Math.min(1, previewWidth / pagePx) : 1;
  const labels = expandLabels(items);
  const copies = totalCopies(items);
  const layoutData = (Object.keys(LABEL_LAYOUTS) as LabelLayoutId[]).map((id) => ({ value: id, label: t(`barcode_label.layouts.${id}`) }));
  const option = (key: keyof LabelOptions) => (
    <Checkbox
      label={t(`barcode_label.show_${key}`)}
      checked={options[key]}
      onChange={(e) => setOptions({ ...options, [key]: e.currentTarget.checked })}
      data-testid={`show-${key}`}
    />
  );

  return (
    <Stack gap={0}>
      <PageHeader
        subtitle={t('barcode_label.subtitle')}
        actions={
          <Button leftSection={<IconPrinter size={16} />} disabled={labels.length === 0} onClick={() => window.print()} data-testid="print">
            {t('barcode_label.print')}
          </Button>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            <Paper withBorder p="md">
              <Stack>
                <Title order={4}>{t('barcode_label.products')}</Title>
                <ProductPicker onPick={(p) => void add(p)} testId="label-picker" />
                {preset.isError && <Alert color="red">{(preset.error as Error).message}</Alert>}
                {requested.length > MAX_PRESET && (
                  <Alert color="yellow">{t('barcode_label.too_many_products', { max: formatInteger(MAX_PRESET, lang) })}</Alert>
                )}
                <LabelItemsTable items={items} onChange={setItems} />
              </Stack>
            </Paper>
            <Paper withBorder p="md">
              <Stack>
                <Title order={4}>{t('barcode_label.layout')}</Title>
                <Select
                  data={layoutData}
                  value={layoutId}
                  onChange={(v) => v && setLayoutId(v as LabelLayoutId)}
                  allowDeselect={false}
                  aria-label={t('barcode_label.layout')}
                  comboboxProps={{ zIndex: 2100 }}
                  data-testid="label-layout"
                />
                <Group gap="lg">
                  {option('name')}
                  {option('price')}
                  {option('sku')}
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Stack>
              <Group justify="space-between">
                <Title order={4}>{t('barcode_label.preview')}</Title>
                <Text size="sm" c="dimmed" data-testid="label-count">
                  {t('barcode_label.count', { total: formatInteger(labels.length, lang) })}
                </Text>
              </Group>
              {copies > MAX_LABELS && <Alert color="yellow">{t('barcode_label.too_many', { max: formatInteger(MAX_LABELS, lang) })}</Alert>}
              {labels.length === 0 ? (
                <Text c="dimmed" size="sm" py="xl" ta="center">
                  {t('barcode_label.empty')}
                </Text>
              ) : (
                <ScrollArea type="auto" mah="80vh">
                  <Box ref={previewRef} p={4} bg="var(--mantine-color-default-hover)">
                    <div style={{ zoom }}>
                      <LabelSheet labels={labels} layout={layout} options={options} lang={lang} testId="label-preview" />
                    </div>
                  </Box>
                </ScrollArea>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {labels.length > 0 &&
        createPortal(
          <div className="posauto-print-root" dir={document.documentElement.dir}>
            <style>{pageRule(layout)}</style>
            <LabelSheet labels={labels} layout={layout} options={options} lang={lang} />
          </div>,
          document.body,
        )}
    </Stack>
  );
}
