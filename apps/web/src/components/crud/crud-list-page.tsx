import { useState, type ComponentType, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Column } from '../data-table/data-table';
import { firstStepUnlessFiltered, type FirstStepKey } from '../data-table/first-step';
import { DocumentFilters, type SelectFilter } from '../documents/document-filters';
import { RowAction } from '../documents/document-list-actions';
import { PageHeader } from '../page-header';
import { EntityModal, useEntityEditing } from './entity-editing';
import { ExportMenu } from './export-menu';
import { ListSearch, ListTable } from './list-parts';
import { useListState, type ListState } from './list-state';
import { useCrudList, type CrudResource } from './resource';

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
  const e = useEntityEditing<T, TInput>(cfg.resource);
  const { selected, select, clear, selectColumn } = useSelection(cfg.selection);
  const can = { create: true, edit: true, delete: true, status: true, ...cfg.can };

  const rows = list.data?.data ?? [];
  const startCreate = () => (cfg.createTo ? navigate(cfg.createTo) : e.startCreate());
  const startEdit = (row: T) => (cfg.editTo ? navigate(cfg.editTo(row)) : e.startEdit(row));
  const columns = [
    ...(selectColumn ? [selectColumn] : []),
    ...cfg.columns,
    ...(cfg.withStatus ? [statusColumn(cfg, can.status, e.setStatus)] : []),
    actionsColumn(cfg, can, startEdit, e.remove),
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={t(cfg.title)}
        subtitle={cfg.subtitle ? t(cfg.subtitle) : undefined}
        actions={
          <>
            {cfg.actions}
            {cfg.exportable !== false && <ExportMenu path={cfg.resource.path} query={query} />}
            {can.create && <CreateButton to={cfg.createTo} onClick={startCreate} />}
          </>
        }
      />

      <Paper withBorder p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <ListSearch state={state} update={update} placeholder={cfg.searchPlaceholder} />
          <Group gap="sm">
            <DocumentFilters filters={filters.map(asSelectFilter)} state={state} update={update} />
            {cfg.withStatus && <StatusFilter state={state} update={update} />}
          </Group>
        </Group>

        {cfg.selection && selected.length > 0 && (
          <Group gap="sm" mb="sm" data-testid="selection-bar">
            {cfg.selection.bar({ selected, pageRows: rows, select, clear })}
          </Group>
        )}
        <ListTable<T>
          state={state}
          update={update}
          columns={columns}
          rows={rows}
          meta={list.data?.meta}
          loading={list.isFetching}
          firstStep={
            cfg.firstStep
              ? firstStepUnlessFiltered(state, { step: cfg.firstStep, onAction: can.create ? startCreate : undefined })
              : undefined
          }
        />
      </Paper>

      {cfg.Form && (
        <EntityModal open={e.editing !== undefined} onClose={e.close} title={(e.editing ? cfg.editTitle : cfg.createTitle) ?? cfg.title}>
          {e.editing !== undefined && <cfg.Form item={e.editing} submit={e.submit} onCancel={e.close} />}
        </EntityModal>
      )}
      {list.isError && (
        <Text c="red" size="sm">
          {(list.error as Error).message}
        </Text>
      )}
    </Stack>
  );
}

/** A list's own filters are choices, searchable, named by what no choice means. */
const asSelectFilter = (f: ListFilter): SelectFilter => ({
  kind: 'select',
  key: f.key,
  label: f.placeholder,
  placeholder: f.placeholder,
  data: f.data,
  searchable: true,
  width: 200,
  testId: `filter-${f.key}`,
});

/** Create: a link when the row is made on a page of its own (it opens in a new tab too, and is what it says it is). */
function CreateButton({ to, onClick }: { to?: string; onClick: () => void }) {
  const { t } = useTranslation();
  return to ? (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} />} data-testid="create">
      {t('common.add_new')}
    </Button>
  ) : (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} data-testid="create">
      {t('common.add_new')}
    </Button>
  );
}

/** Active, inactive or both. */
function StatusFilter({ state, update }: { state: ListState; update: (patch: Partial<ListState>) => void }) {
  const { t } = useTranslation();
  return (
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
  );
}

function StatusSwitch({ checked, disabled, onChange }: { checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={checked}
      disabled={disabled}
      aria-label={t('common.status')}
      data-testid="row-status"
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

function statusColumn<T extends { id: string; status?: boolean }>(
  cfg: { locked?: (row: T) => boolean },
  may: boolean,
  setStatus: (row: T, on: boolean) => void,
): Column<T> {
  return {
    key: 'status',
    header: 'common.status',
    sortable: true,
    width: 110,
    render: (row) => (
      <StatusSwitch checked={Boolean(row.status)} disabled={!may || Boolean(cfg.locked?.(row))} onChange={(on) => setStatus(row, on)} />
    ),
  };
}

function actionsColumn<T extends { id: string }>(
  cfg: { rowActions?: (row: T) => ReactNode; locked?: (row: T) => boolean },
  can: { edit: boolean; delete: boolean },
  edit: (row: T) => void,
  remove: (row: T) => void,
): Column<T> {
  return {
    key: 'actions',
    header: 'common.actions',
    width: 110,
    align: 'center',
    render: (row) => (
      <Group gap={4} justify="center" wrap="nowrap">
        {cfg.rowActions?.(row)}
        {can.edit && <RowAction label="common.edit" icon={IconEdit} onClick={() => edit(row)} testId="row-edit" />}
        {can.delete && !cfg.locked?.(row) && (
          <RowAction label="common.delete" icon={IconTrash} color="red" onClick={() => remove(row)} testId="row-delete" />
        )}
      </Group>
    ),
  };
}

/** The ticked rows, kept by id while paging and filtering, and the tick column when the list offers selection. */
function useSelection<T extends { id: string }>(selection: ListSelection<T> | undefined) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const select = (picked: T[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const row of picked) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  const selectColumn: Column<T> | null = selection
    ? {
        key: 'select',
        header: selection.header,
        width: 48,
        render: (row) => (
          <Checkbox
            checked={selected.has(row.id)}
            onChange={(e) => select([row], e.currentTarget.checked)}
            aria-label={t(selection.header)}
            data-testid="row-select"
          />
        ),
      }
    : null;
  return { selected: [...selected.values()], select, clear: () => setSelected(new Map()), selectColumn };
}
