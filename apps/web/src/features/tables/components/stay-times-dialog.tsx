import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS, type Stay } from '@posauto/shared/schemas/rooms';
import { api } from '../../../lib/api-client';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { TABLES_KEY } from '../api/tables-api';

/** An ISO time as the value of a datetime-local input, in the device's zone (the shop's, on its tablets). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const isoOf = (value: string) => (value ? new Date(value).toISOString() : undefined);

/**
 * Correcting a stay's recorded times (a start keyed late, a stop forgotten): one period's start and end, a reason
 * always; a user without `table-void` has someone who holds it sign on the same dialog (email and password, never
 * kept). The server checks the order of the periods and audits the change with the old and new times.
 */
export function StayTimesDialog({ stay, onClose }: { stay: Stay; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mayApprove = hasPermission(useUserData(), 'table-void');
  const [seq, setSeq] = useState(stay.periods[0]?.seq ?? 1);
  const period = stay.periods.find((p) => p.seq === seq) ?? stay.periods[0];
  const [start, setStart] = useState(localInput(period?.started_at ?? null));
  const [end, setEnd] = useState(localInput(period?.ended_at ?? null));
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api.post<{ stay: Stay }>(`/api/v1/room-stays/${stay.id}/times`, {
        period: seq,
        started_at: isoOf(start),
        ...(period?.ended_at ? { ended_at: isoOf(end) } : {}),
        reason,
        ...(mayApprove ? {} : { approver_email: email, approver_password: password }),
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: TABLES_KEY });
      void qc.invalidateQueries({ queryKey: ['rooms'] });
      onClose();
    },
  });
  const pick = (value: string) => {
    const next = stay.periods.find((p) => String(p.seq) === value);
    if (!next) return;
    setSeq(next.seq);
    setStart(localInput(next.started_at));
    setEnd(localInput(next.ended_at));
  };
  return (
    <Modal opened onClose={onClose} title={t('rooms_ui.times.title')} centered closeButtonProps={{ 'aria-label': t('rooms_ui.close') }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label={t('rooms_ui.times.period')}
            value={String(seq)}
            onChange={(e) => pick(e.currentTarget.value)}
            data={stay.periods.map((p) => ({ value: String(p.seq), label: t('rooms_ui.times.period_n', { n: p.seq, room: p.room_name }) }))}
          />
          <TextInput
            type="datetime-local"
            label={t('rooms_ui.times.started_at')}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            required
          />
          {period?.ended_at ? (
            <TextInput
              type="datetime-local"
              label={t('rooms_ui.times.ended_at')}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              required
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('rooms_ui.times.running')}
            </Text>
          )}
          <TextInput
            label={t('rooms_ui.times.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={ROOM_LIMITS.reason}
            required
          />
          {!mayApprove && (
            <>
              <Text size="sm">{t('rooms_ui.times.approval_hint')}</Text>
              <TextInput
                type="email"
                label={t('rooms_ui.times.approver_email')}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                required
              />
              <PasswordInput
                label={t('rooms_ui.times.approver_password')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                required
              />
            </>
          )}
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('rooms_ui.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('rooms_ui.times.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
