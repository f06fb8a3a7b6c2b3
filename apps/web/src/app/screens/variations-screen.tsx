import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Variation, VariationInput } from '@posauto/shared/schemas/setting-lists';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { VariationForm, variationsResource } from '../../features/products';
import { currentLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';

export function VariationsScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <CrudListPage<Variation, VariationInput>
      resource={variationsResource}
      title="variation.title"
      firstStep="variations"
      subtitle="variation.subtitle"
      searchPlaceholder="variation.search_placeholder"
      createTitle="variation.create_title"
      editTitle="variation.edit_title"
      withStatus
      Form={VariationForm}
      rowActions={(v) => (
        <Tooltip label={t('variation.manage_values')}>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`/sub-variation-listing?variation_id=${v.id}`}
            aria-label={t('variation.manage_values')}
            data-testid="row-values"
          >
            <IconListDetails size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      columns={[
        { key: 'name', header: 'variation.name', sortable: true, render: (v) => <Text fw={500}>{v.name}</Text> },
        {
          key: 'values',
          header: 'variation.values',
          render: (v) =>
            v.values.length ? (
              <Group gap={4}>
                {v.values.map((x) => (
                  <Badge key={x.id} variant="light" color={x.status ? undefined : 'gray'} tt="none">
                    {x.name}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text c="dimmed" size="sm">
                {t('variation.no_values')}
              </Text>
            ),
        },
        {
          key: 'description',
          header: 'variation.description',
          render: (v) =>
            v.description ?? (
              <Text c="dimmed" size="sm">
                —
              </Text>
            ),
        },
        { key: 'created_at', header: 'common.created_at', sortable: true, render: (v) => formatDate(v.created_at, lang) },
      ]}
    />
  );
}
