import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  useDirection,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconLayoutGrid, IconList } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FloorTableLive } from '@posauto/shared/schemas/restaurant';
import { isLanguage } from '@posauto/shared/i18n/index';
import { useUserData } from '../../../lib/auth-store';
import { usePosCatalogue } from '../../../components/selling/api/catalogue-api';
import { useBranchChoices, useFloor, useOrderAction } from '../api/tables-api';
import { useFloorLive, useMinuteTick } from '../lib/use-floor-live';
import { gridPlace, planExtent } from '../lib/plan-extent';
import { OpenTableDialog } from './open-table-dialog';
import { TableButton } from './table-button';
import classes from './tables.module.css';

/** The branch a shop-level user looks at, kept for the tab's life. */
const BRANCH_KEY = 'tables-branch';

export function orderPath(orderId: string): string {
  return `/tables/order/${orderId}`;
}

/**
 * The live floor of the user's branch (a shop-level user picks one): the areas' tables on their plan, each showing its
 * state, guests, minutes open and amount. A free table opens an order; an occupied one goes to it; a paid one clears.
 */
export function TablesScreen() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'km';
  const user = useUserData();
  const shopLevel = !user?.data.branch_id;
  const branches = useBranchChoices(shopLevel);
  const [branchId, setBranchId] = useState<string | null>(() => (shopLevel ? sessionStorage.getItem(BRANCH_KEY) : null));
  const floor = useFloor(branchId);
  const catalogue = usePosCatalogue(branchId);
  useFloorLive();
  const now = useMinuteTick();
  const narrow = useMediaQuery('(max-width: 40em)', false);
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [area, setArea] = useState<string | null>(null);
  const [opening, setOpening] = useState<FloorTableLive | null>(null);
  const navigate = useNavigate();
  const data = floor.data;
  const areaId = area && data?.areas.some((a) => a.id === area) ? area : (data?.areas[0]?.id ?? null);
  const tables = useMemo(() => (data?.tables ?? []).filter((x) => x.area_id === areaId), [data, areaId]);
  const extent = useMemo(() => planExtent(tables), [tables]);
  const { dir } = useDirection();
  const currency = catalogue.data?.settings.currency ?? 'USD';
  const planned = !narrow && view === 'plan';

  const pick = (table: FloorTableLive) => {
    if (table.state === 'free' || !table.order_id) setOpening(table);
    else navigate(orderPath(table.order_id));
  };
  const paid = tables.filter((x) => x.state === 'paid' && x.order_id);

  return (
    <Stack gap="sm" p="sm" mih="100dvh" data-testid="tables-screen">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <ActionIcon component={Link} to="/" variant="subtle" size={44} aria-label={t('tables.back')}>
            <IconArrowLeft size={20} className={classes.flip} />
          </ActionIcon>
          <Title order={1} fz="h3">
            {t('tables.floor.title')}
            {data ? ` · ${data.branch_name}` : ''}
          </Title>
        </Group>
        <Group gap="xs">
          {shopLevel && (
            <Select
              aria-label={t('tables.floor.branch')}
              placeholder={t('tables.floor.branch')}
              data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={branchId ?? data?.branch_id ?? null}
              onChange={(v) => {
                setBranchId(v);
                if (v) sessionStorage.setItem(BRANCH_KEY, v);
              }}
              allowDeselect={false}
              w={200}
            />
          )}
          <SegmentedControl
            aria-label={t('tables.floor.view')}
            value={narrow ? 'list' : view}
            onChange={(v) => setView(v as 'plan' | 'list')}
            data={[
              { value: 'plan', label: <ViewLabel icon={<IconLayoutGrid size={18} aria-hidden />} text={t('tables.floor.view_plan')} /> },
              { value: 'list', label: <ViewLabel icon={<IconList size={18} aria-hidden />} text={t('tables.floor.view_list')} /> },
            ]}
          />
        </Group>
      </Group>
      {floor.isPending && <Loader aria-label={t('tables.loading')} />}
      {floor.error && (
        <Alert color="red" role="alert">
          {floor.error.message}
        </Alert>
      )}
      {data && data.areas.length > 1 && (
        <SegmentedControl
          aria-label={t('tables.floor.areas')}
          value={areaId ?? ''}
          onChange={setArea}
          data={data.areas.map((a) => ({ value: a.id, label: a.name }))}
          size="md"
          fullWidth={narrow}
        />
      )}
      {data && tables.length === 0 && <Text c="dimmed">{t('tables.floor.empty')}</Text>}
      {paid.length > 0 && <ClearRow tables={paid} />}
      {data && (
        // The plan is a picture of the room: drawn left to right in every language, as the floor settings draw it.
        <div
          className={planned ? classes.floor : classes.list}
          style={planned ? ({ '--cols': extent.cols, '--rows': extent.rows } as React.CSSProperties) : undefined}
          dir={planned ? 'ltr' : undefined}
          aria-label={t('tables.floor.plan')}
          role="group"
        >
          {tables.map((table) => (
            <TableButton
              key={table.id}
              table={table}
              now={now}
              currency={currency}
              lang={lang}
              onPick={pick}
              place={planned ? gridPlace(table, extent) : null}
              dir={planned ? dir : undefined}
            />
          ))}
        </div>
      )}
      <OpenTableDialog table={opening} onClose={() => setOpening(null)} onOpened={(id) => navigate(orderPath(id))} />
    </Stack>
  );
}

/** Paid tables waiting to be cleared: one "Clear table" each, right on the floor. */
function ClearRow({ tables }: { tables: FloorTableLive[] }) {
  return (
    <Group gap="xs">
      {tables.map((x) => (
        <ClearButton key={x.id} table={x} />
      ))}
    </Group>
  );
}

function ClearButton({ table }: { table: FloorTableLive }) {
  const { t } = useTranslation();
  const action = useOrderAction(table.order_id!);
  return (
    <Button
      color="gray"
      h={48}
      loading={action.isPending}
      onClick={() => action.mutate({ kind: 'clear' })}
      aria-label={`${t('tables.actions.clear')} ${table.name}`}
      title={action.error?.message}
    >
      {t('tables.actions.clear')} · {table.name}
    </Button>
  );
}

/** A view's icon, its name read out (and shown to no one else: the icons say it). */
function ViewLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="center">
      {icon}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Group>
  );
}
