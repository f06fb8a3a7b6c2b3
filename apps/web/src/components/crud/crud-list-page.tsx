import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Modal, Pagination, Paper, Select, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize } from '@posauto/shared/schemas/common';
import { currentLanguage } from '../../lib/i18n';
import { formatInteger } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { DataTable, type Column } from '../data-table/data-table';
import { PageHeader } from '../page-header';
import { confirmDelete } from './confirm-delete';
import { ExportMenu } from './export-menu';
import { useListState } from './list-state';
import { useCrudList, useCrudMutations, type CrudResource } from './resource';

export interface EntityFormProps<T, TInput> {
  item: T | null;
  submit: (input: TInput) => Promise<unknown>;
  onCancel: () => void;
}

export interface CrudListConfig<T extends { id: string; status?: boolean }, TInput> {
  resource: CrudResource;
  title: string;
  subtitle?: string;
  searchPlaceholder: string;
  createTitle: string;
  editTitle: string;
  columns: Column<T>[];
  /** Shows the status column as a toggle and a status filter. */
  withStatus?: boolean;
  Form: ComponentType<EntityFormProps<T, TInput>>;
  /** Extra buttons beside Create (e.g. import). */
  actions?: ReactNode;
}

/** A complete list screen: search, status filter, sort, page sizes, create/edit modal, delete confirm, export. */
export function CrudListPage<T extends { id: string; status?: boolean }, TInput>(cfg: CrudListConfig<T, TInput>) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState();
  const [searchText, setSearchText] = useState(state.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  useEffect(() => {
    if (debounced !== state.search) update({ search: debounced });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  const list = useCrudList<T>(cfg.resource, query);
  const m = useCrudMutations<T, TInput>(cfg.resource);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  const statusColumn: Column<T> = {
    key: 'status', header: 'common.status', sortable: true, width: 110,
    render: (row) => (
      <Switch
        checked={Boolean(row.status)}
        aria-label={t('common.status')}
        onChange={(e) => m.setStatus.mutate({ id: row.id, status: e.currentTarget.checked }, { onSuccess: () => notifySuccess('messages.status_updated'), onError: notifyError })}
      />
    ),
  };
  const actionsColumn: Column<T> = {
    key: 'actions', header: 'common.actions', width: 110, align: 'center',
    render: (row) => (
      <Group gap={4} justify="center" wrap="nowrap">
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" onClick={() => setEditing(row)} aria-label={t('common.edit')} data-testid="row-edit"><IconEdit size={18} /></ActionIcon>
        </Tooltip>
        <Tooltip label={t('common.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} data-testid="row-delete"
            onClick={() => confirmDelete(() => m.remove.mutate(row.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }))}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
  const columns = [...cfg.columns, ...(cfg.withStatus ? [statusColumn] : []), actionsColumn];

  const onSort = (key: string) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });
  const from = meta && meta.total ? (meta.page - 1) * (meta.per_page === 'all' ? 0 : Number(meta.per_page)) + 1 : 0;
  const to = meta ? from + rows.length - 1 : 0;

  const submit = async (input: TInput) => {
    if (editing) await m.update.mutateAsync({ id: editing.id, input });
    else await m.create.mutateAsync(input);
    notifySuccess(editing ? 'messages.updated' : 'messages.created');
    setEditing(undefined);
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={t(cfg.title)}
        subtitle={cfg.subtitle ? t(cfg.subtitle) : undefined}
        actions={
          <>
            {cfg.actions}
            <ExportMenu path={cfg.resource.path} query={query} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="create">{t('common.add_new')}</Button>
          </>
        }
      />

      <Paper withBorder p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <TextInput
            placeholder={t(cfg.searchPlaceholder)}
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            aria-label={t('common.search')}
            data-testid="search"
          />
          {cfg.withStatus && (
            <Select
              w={180}
              aria-label={t('common.status')}
              value={state.status ?? 'all'}
              onChange={(v) => update({ status: v === 'active' || v === 'inactive' ? v : undefined })}
              data={[{ value: 'all', label: t('common.all_statuses') }, { value: 'active', label: t('common.active') }, { value: 'inactive', label: t('common.inactive') }]}
              allowDeselect={false}
            />
          )}
        </Group>

        <DataTable
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={onSort}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
        />

        <Group justify="space-between" mt="md" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">{t('common.rows_per_page')}</Text>
            <Select
              w={90}
              size="xs"
              aria-label={t('common.rows_per_page')}
              value={state.perPage}
              onChange={(v) => v && update({ perPage: v as PageSize })}
              data={PAGE_SIZES.map((s) => ({ value: s, label: s === 'all' ? t('common.all') : s }))}
              allowDeselect={false}
              data-testid="page-size"
            />
            {meta && meta.total > 0 && (
              <Text size="sm" c="dimmed" data-testid="range">
                {t('common.showing', { from: formatInteger(from, lang), to: formatInteger(to, lang), total: formatInteger(meta.total, lang) })}
              </Text>
            )}
          </Group>
          {meta && meta.last_page > 1 && (
            <Pagination total={meta.last_page} value={meta.page} onChange={(p) => update({ page: p })} size="sm" siblings={1}
              getControlProps={(control) => ({ 'aria-label': t(control === 'previous' ? 'common.previous' : control === 'next' ? 'common.next' : 'common.page') })} />
          )}
        </Group>
      </Paper>

      <Modal opened={editing !== undefined} onClose={() => setEditing(undefined)} title={t(editing ? cfg.editTitle : cfg.createTitle)} centered size="lg" zIndex={2000}>
        {editing !== undefined && <cfg.Form item={editing} submit={submit} onCancel={() => setEditing(undefined)} />}
      </Modal>
      {list.isError && <Text c="red" size="sm">{(list.error as Error).message}</Text>}
    </Stack>
  );
}
