import { useState } from 'react';
import { Alert, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useAreas, useTables } from '../api/floor';
import { AreaPanel, sortAreas } from './area-panel';
import { useBranchPicker } from './branch-picker';
import { FloorPlan } from './floor-plan';
import { TablePanel } from './table-panel';

/** /floor-setting: a branch's areas, the tables of the chosen area, and its plan. */
export function FloorSettingScreen() {
  const { t } = useTranslation();
  const { branchId, ready, picker } = useBranchPicker();
  const areas = useAreas(branchId, ready);
  const tables = useTables(branchId, ready);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = sortAreas(areas.data ?? []);
  const area = list.find((a) => a.id === chosen) ?? list[0] ?? null;
  const areaTables = (tables.data ?? []).filter((x) => x.area_id === area?.id).sort((a, b) => a.name.localeCompare(b.name));
  const error = areas.error ?? tables.error;

  return (
    <>
      <PageHeader subtitle={t('floor_settings.subtitle')} />
      {picker}
      {error && <Alert color="red">{error.message}</Alert>}
      {(areas.isLoading || tables.isLoading) && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {areas.data && (
        <Grid>
          <Grid.Col span={{ base: 12, xl: 4 }}>
            <AreaPanel branchId={branchId} areas={areas.data} selected={area?.id ?? null} onSelect={setChosen} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 8 }}>
            {area ? (
              <Stack>
                <TablePanel area={area} tables={areaTables} />
                <FloorPlan key={area.id} area={area} tables={areaTables} />
              </Stack>
            ) : (
              <Text c="dimmed">{t('floor_settings.first_area')}</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
