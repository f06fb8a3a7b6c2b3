import { useState, type ComponentType, type ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, Paper, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { DataTable, type Column } from '../data-table/data-table';
import { firstStepUnlessFiltered, type FirstStepKey } from '../data-table/first-step';
import { PageHeader } from '../page-header';
import { confirmDelete } from './confirm-delete';
import { ExportMenu } from './export-menu';
import { ListFooter, ListSearch } from './list-parts';
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
  createTitle?: string;
  editTitle?: string;
  columns: Column<T>[];
  /** Shows the status column as a toggle and a status filter. */
  withStatus?: boolean;
  /** The create/edit form shown in a modal; screens that edit on a page of their own give createTo/editTo instead. */
  Form?: ComponentType<EntityFormProps<T, TInput>>;
  createTo?: string;
  editTo?: (row: T) => string;
  /** Extra buttons beside Create (e.g. import). */
  actions?: ReactNode;
  /** Rows the shop must keep (e.g. the walk-in customer): no delete button, status not switchable. */
  locked?: (row: T) => boolean;
  /** Extra per-row action icons, shown before edit and delete. */
  rowActions?: (row: T) => ReactNode;
  /** What the signed-in user may do (the server refuses anyway; this hides what would be refused). Defaults to all. */
  can?: { create?: boolean; edit?: boolean; delete?: boolean; status?: boolean };
  /** The list has an /export route (default true). */
  exportable?: boolean;
  /** Extra filters beside the search, each a choice kept in the address under its query key (e.g. role_id). */
  filters?: ListFilter[];
  /** Rows can be ticked (the ticks stay while paging and filtering); `bar` offers what to do with them. */
  selection?: ListSelection<T>;
  /** What the empty list says and offers (components/data-table/first-step.tsx): its first step, usually Create. */
  firstStep?: FirstStepKey;
}

export interface ListSelection<T> {
  /** Translation key of the tick column's header and of each tick's label. */
  header: string;
  /** Shown above the table while any row is ticked. */
  bar: (ctx: SelectionContext<T>) => ReactNode;
}

export interface SelectionContext<T> {
  selected: T[];
  pageRows: T[];
  select: (rows: T[], on: boolean) => void;
  clear: () => void;
}

export interface ListFilter {
  key: string;
  /** Translation key of the placeholder (what "no choice" means, e.g. "All roles"). */
  placeholder: string;
  data: Array<{ value: string; label: string }>;
}

const NO_LIST_FILTERS: ListFilter[] = [];

/** A complete list screen: search, status filter, sort, page sizes, create/edit modal, delete confirm, export. */
export function CrudListPage<T extends { id: string; status?: boolean }, TInput>(cfg: CrudListConfig<T, TInput>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filters = cfg.filters ?? NO_LIST_FILTERS;
  const { state, update, query } = useListState(filters.map((f) => f.key));
  const list = useCrudList<T>(cfg.resource, query);
  const m = useCrudMutations<T, TInput>(cfg.resource);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const can = { create: true, edit: true, delete: true, status: true, ...cfg.can };

  const rows = list.data?.data ?? [];
  const startCreate = () => (cfg.createTo ? navigate(cfg.createTo) : setEditing(null));
  const startEdit = (row: T) => (cfg.editTo ? navigate(cfg.editTo(row)) : setEditing(row));

  const statusColumn: Column<T> = {
    key: 'status',
    header: 'common.status',
    sortable: true,
    width: 110,
    render: (row) => (
      <Switch
        checked={Boolean(row.status)}
        disabled={!can.status || Boolean(cfg.locked?.(row))}
        aria-label={t('common.status')}
        data-testid="row-status"
        onChange={(e) =>
          m.setStatus.mutate(
            { id: row.id, status: e.currentTarget.checked },
            { onSuccess: () => notifySuccess('messages.status_updated'), onError: notifyError },
          )
        }
      />
    ),
  };
  const actionsColumn: Column<T> = {
    key: 'actions',
    header: 'common.actions',
    width: 110,
    align: 'center',
    render: (row) => (
      <Group gap={4} justify="center" wrap="nowrap">
        {cfg.rowActions?.(row)}
        {can.edit && (
          <Tooltip label={t('common.edit')}>
            <ActionIcon variant="subtle" onClick={() => startEdit(row)} aria-label={t('common.edit')} data-testid="row-edit">
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {can.delete && !cfg.locked?.(row) && (
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('common.delete')}
              data-testid="row-delete"
              onClick={() =>
                confirmDelete(() => m.remove.mutate(row.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }))
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
  };
  const select = (picked: T[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const row of picked) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  const selectColumn: Column<T> | null = cfg.selection
    ? {
        key: 'select',
        header: cfg.selection.header,
        width: 48,
        render: (row) => (
          <Checkbox
            checked={selected.has(row.id)}
            onChange={(e) => select([row], e.currentTarget.checked)}
            aria-label={t(cfg.selection!.header)}
            data-testid="row-select"
          />
        ),
      }
    : null;
  const columns = [...(selectColumn ? [selectColumn] : []), ...cfg.columns, ...(cfg.withStatus ? [statusColumn] : []), actionsColumn];

  const onSort = (key: string) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });

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
            {cfg.exportable !== false && <ExportMenu path={cfg.resource.path} query={query} />}
            {can.create &&
              (cfg.createTo ? (
                // A page of its own: a link (opens in a new tab too, and is what it says it is).
                <Button component={Link} to={cfg.createTo} leftSection={<IconPlus size={16} />} data-testid="create">
                  {t('common.add_new')}
                </Button>
              ) : (
                <Button leftSection={<IconPlus size={16} />} onClick={startCreate} data-testid="create">
                  {t('common.add_new')}
                </Button>
              ))}
          </>
        }
      />

      <Paper withBorder p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <ListSearch state={state} update={update} placeholder={cfg.searchPlaceholder} />
          <Group gap="sm">
            {filters.map((f) => (
              <Select
                key={f.key}
                w={200}
                placeholder={t(f.placeholder)}
                aria-label={t(f.placeholder)}
                data={f.data}
                clearable
                searchable
                value={state.filters[f.key] ?? null}
                onChange={(v) => update({ filters: { [f.key]: v ?? undefined } })}
                data-testid={`filter-${f.key}`}
              />
            ))}
            {cfg.withStatus && (
              <Select
                w={180}
                aria-label={t('common.status')}
                value={state.status ?? 'all'}
                onChange={(v) => update({ status: v === 'active' || v === 'inactive' ? v : undefined })}
                data={[
                  { value: 'all', label: t('common.all_statuses') },
                  { value: 'active', label: t('common.active') },
                  { value: 'inactive', label: t('common.inactive') },
                ]}
                allowDeselect={false}
              />
            )}
          </Group>
        </Group>

        {cfg.selection && selected.size > 0 && (
          <Group gap="sm" mb="sm" data-testid="selection-bar">
            {cfg.selection.bar({ selected: [...selected.values()], pageRows: rows, select, clear: () => setSelected(new Map()) })}
          </Group>
        )}
        <DataTable
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={onSort}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={
            cfg.firstStep
              ? firstStepUnlessFiltered(state, { step: cfg.firstStep, onAction: can.create ? startCreate : undefined })
              : undefined
          }
        />
        <ListFooter state={state} update={update} meta={list.data?.meta} shown={rows.length} />
      </Paper>

      {cfg.Form && (
        <Modal
          opened={editing !== undefined}
          onClose={() => setEditing(undefined)}
          title={t((editing ? cfg.editTitle : cfg.createTitle) ?? cfg.title)}
          centered
          size="lg"
          zIndex={2000}
        >
          {editing !== undefined && <cfg.Form item={editing} submit={submit} onCancel={() => setEditing(undefined)} />}
        </Modal>
      )}
      {list.isError && (
        <Text c="red" size="sm">
          {(list.error as Error).message}
        </Text>
      )}
    </Stack>
  );
}
