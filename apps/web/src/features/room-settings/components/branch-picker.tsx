import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserData } from '../../../lib/auth-store';
import { useBranchChoices } from '../api/rooms';

/**
 * The branch whose rooms are shown: a branch user's own (null: the server knows it); a shop-level user chooses, the
 * first branch until then. Answers the branch id to send and the picker (shown when there is a choice).
 */
export function useBranchPicker(): { branchId: string | null; ready: boolean; picker: React.ReactNode } {
  const { t } = useTranslation();
  const user = useUserData();
  const shopLevel = user?.data.branch_id === null;
  const branches = useBranchChoices(shopLevel);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = branches.data ?? [];
  const branchId = shopLevel ? (list.some((b) => b.id === chosen) ? chosen : (list[0]?.id ?? null)) : (user?.data.branch_id ?? null);
  const picker =
    list.length > 1 ? (
      <Select
        label={t('room_settings.branch')}
        data={list.map((b) => ({ value: b.id, label: b.name }))}
        value={branchId}
        onChange={setChosen}
        allowDeselect={false}
        maw={320}
        mb="md"
      />
    ) : null;
  return { branchId, ready: !shopLevel || !branches.isLoading, picker };
}
