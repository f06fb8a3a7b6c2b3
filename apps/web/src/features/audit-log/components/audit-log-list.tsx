import { Badge, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES_BY_NAME } from '@posauto/shared/routes';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '@posauto/shared/schemas/audit-log';
import { ExportMenu } from '../../../components/crud/export-menu';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/page-header';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { AUDIT_LOG_PATH, useAuditLog, useAuditLogOptions } from '../api/audit-log';

const FILTERS = ['kind', 'branch_id', 'user_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** A colour per kind, so a void or a short drawer stands out in a long day of sign-ins. */
const KIND_COLORS: Record<AuditKind, string> = {
  voids: 'red',
  returns: 'orange',
  discounts: 'grape',
  price_edits: 'pink',
  reprints: 'blue',
  cash_moves: 'teal',
  close_differences: 'red',
  sign_ins: 'gray',
  roles_users: 'indigo',
  other: 'gray',
};

/** The document's number, a link to it when it still exists and the user may open its screen. */
function DocumentCell({ entry, canOpen }: { entry: AuditEntry; canOpen: (route: string) => boolean }) {
  const number = entry.document_number;
  // A document number (INV-000012) never breaks at its hyphen; a product's or a person's name wraps.
  const whole = number && /^[A-Z]+-\d+$/.test(number) ? ({ whiteSpace: 'nowrap' } as const) : undefined;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {entry.entity_label}
      </Text>
      {number &&
        (entry.link && entry.link_route && canOpen(entry.link_route) ? (
          <Text
            size="sm"
            fw={500}
            component={Link}
            to={entry.link}
            c="var(--mantine-color-anchor)"
            style={whole}
            data-testid="audit-document"
          >
            <bdi>{number}</bdi>
          </Text>
        ) : (
          <Text size="sm" style={whole}>
            <bdi>{number}</bdi>
          </Text>
        ))}
    </Stack>
  );
}

/**
 * /audit-log: who did what and when (voids, returns and refunds, discounts, price edits, reprints, cash in and out,
 * drawers closed short or over, sign-ins, role and user changes), filtered by kind, branch, user and shop-local days,
 * each entry linked to its document, exported like every list.
 */
export function AuditLogList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useUserData();
  const { state, update, query } = useListState(FILTERS);
  const list = useAuditLog(query);
  const options = useAuditLogOptions();
  const rows = list.data?.data ?? [];
  const o = options.data;
  const filter = (key: Filter, value: string | null) => update({ filters: { [key]: value || undefined } });
  const canOpen = (route: string) => hasPermission(user, ROUTES_BY_NAME.get(route)?.permission);
  // Newest first until the user sorts.
  const order = state.sort ? state.order : 'desc';

  return (
    <Stack gap={0}>
      <PageHeader subtitle={t('audit_log.subtitle')} actions={<ExportMenu path={AUDIT_LOG_PATH} query={query} />} />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="audit_log.search_placeholder" />
          <Select
            aria-label={t('audit_log.kind')}
            placeholder={t('audit_log.all_kinds')}
            data={AUDIT_KINDS.map((k) => ({ value: k, label: t(`audit_log.kinds.${k}`) }))}
            value={state.filters.kind ?? null}
            onChange={(v) => filter('kind', v)}
            clearable
            w={290}
            data-testid="filter-kind"
          />
          {(o?.branches.length ?? 0) > 1 && (
            <Select
              aria-label={t('audit_log.branch')}
              placeholder={t('audit_log.all_branches')}
              data={(o?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => filter('branch_id', v)}
              clearable
              w={200}
              data-testid="filter-branch_id"
            />
          )}
          <Select
            aria-label={t('audit_log.user')}
            placeholder={t('audit_log.all_users')}
            data={(o?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
            value={state.filters.user_id ?? null}
            onChange={(v) => filter('user_id', v)}
            clearable
            searchable
            w={180}
            data-testid="filter-user_id"
          />
          <TextInput
            type="date"
            label={t('audit_log.from')}
            value={state.filters.from ?? ''}
            onChange={(e) => filter('from', e.currentTarget.value)}
            w={150}
            data-testid="filter-from"
          />
          <TextInput
            type="date"
            label={t('audit_log.to')}
            value={state.filters.to ?? ''}
            onChange={(e) => filter('to', e.currentTarget.value)}
            w={150}
            data-testid="filter-to"
          />
        </Group>
        <DataTable<AuditEntry>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort ?? 'created_at'}
          order={order}
          onSort={(key) => update({ sort: key, order: (state.sort ?? 'created_at') === key && order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          columns={[
            {
              key: 'created_at',
              header: 'audit_log.time',
              sortable: true,
              render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at, lang)}</span>,
            },
            { key: 'user', header: 'audit_log.user', render: (e) => e.user_name ?? t('audit_log.unknown_user') },
            {
              key: 'action',
              header: 'audit_log.action',
              render: (e) => (
                <Stack gap={4} align="flex-start" data-testid="audit-action">
                  <Text size="sm" fw={500}>
                    {e.action_label}
                  </Text>
                  {e.kind !== 'other' && (
                    <Badge
                      variant="light"
                      color={KIND_COLORS[e.kind]}
                      size="sm"
                      h="auto"
                      py={2}
                      // A long kind ("Sessions closed with a difference") wraps instead of being cut.
                      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                      style={{ textTransform: 'none' }}
                    >
                      {t(`audit_log.kinds.${e.kind}`)}
                    </Badge>
                  )}
                </Stack>
              ),
            },
            { key: 'document', header: 'audit_log.document', render: (e) => <DocumentCell entry={e} canOpen={canOpen} /> },
            { key: 'branch', header: 'audit_log.branch', render: (e) => e.branch_name ?? '—' },
            {
              key: 'details',
              header: 'audit_log.details',
              render: (e) => (
                <Text size="sm" lineClamp={3} maw={340} title={e.summary}>
                  {e.summary}
                </Text>
              ),
            },
            {
              key: 'ip',
              header: 'audit_log.ip',
              render: (e) => (
                <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {e.ip ?? '—'}
                </Text>
              ),
            },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>
    </Stack>
  );
}
