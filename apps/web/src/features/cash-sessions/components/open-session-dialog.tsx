import { useEffect } from 'react';
import { Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openCashSessionInputSchema, type CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { FormActions } from '../../../components/crud/form-actions';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useUserData } from '../../../lib/auth-store';
import { notifySuccess } from '../../../lib/notify';
import { useCashSessionOptions, useOpenCashSession } from '../api/cash-sessions';

type Values = { branch_id: string | null; opening_usd: string; opening_khr: string; note: string };

function OpenSessionForm({ onClose, onOpened }: { onClose: () => void; onOpened?: (s: CashSessionDetail) => void }) {
  const { t } = useTranslation();
  // A branch user always opens at its own branch (the server decides); a shop-level user picks one.
  const ownBranch = useUserData()?.data.branch_id ?? null;
  const options = useCashSessionOptions();
  const branches = options.data?.branches ?? [];
  const openSession = useOpenCashSession();
  const initial: Values = {
    branch_id: ownBranch ?? (branches.length === 1 ? branches[0]!.id : null),
    opening_usd: '0',
    opening_khr: '0',
    note: '',
  };
  const { form, onSubmit, saving } = useEntityForm(openCashSessionInputSchema, initial, async (v) => {
    const res = await openSession.mutateAsync({ ...v, branch_id: ownBranch ? undefined : v.branch_id });
    notifySuccess('cash.messages.opened');
    onOpened?.(res.data);
    onClose();
  });
  // The branches arrive after the form is made: a shop of one branch has it chosen then, and is never asked.
  const only = branches.length === 1 ? branches[0]!.id : null;
  useEffect(() => {
    if (!ownBranch && only && !form.getValues().branch_id) form.setFieldValue('branch_id', only);
  }, [ownBranch, only]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <form onSubmit={onSubmit} noValidate data-testid="open-session-form">
      <Stack>
        {!ownBranch && options.isSuccess && !only && (
          <Select
            label={t('cash.branch')}
            placeholder={t('cash.branch_placeholder')}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ zIndex: 2100 }}
            data={branches.map((b) => ({ value: b.id, label: b.name }))}
            data-testid="open-branch"
            key={form.key('branch_id')}
            {...form.getInputProps('branch_id')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('cash.opening_usd')}
            withAsterisk
            inputMode="decimal"
            dir="ltr"
            rightSection="USD"
            rightSectionWidth={48}
            data-autofocus
            data-testid="opening-usd"
            key={form.key('opening_usd')}
            {...form.getInputProps('opening_usd')}
          />
          <TextInput
            label={t('cash.opening_khr')}
            withAsterisk
            inputMode="numeric"
            dir="ltr"
            rightSection="KHR"
            rightSectionWidth={48}
            data-testid="opening-khr"
            key={form.key('opening_khr')}
            {...form.getInputProps('opening_khr')}
          />
        </SimpleGrid>
        <Textarea label={t('cash.note')} autosize minRows={2} key={form.key('note')} {...form.getInputProps('note')} />
        <FormActions saving={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Opens the signed-in cashier's session: the cash counted into the drawer in dollars and in riel. */
export function OpenSessionDialog({
  opened,
  onClose,
  onOpened,
}: {
  opened: boolean;
  onClose: () => void;
  onOpened?: (session: CashSessionDetail) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('cash.open_session')} centered>
      {opened && <OpenSessionForm onClose={onClose} onOpened={onOpened} />}
    </Modal>
  );
}
