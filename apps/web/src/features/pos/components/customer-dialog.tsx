import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { loadModuleTranslations } from '../../../lib/i18n';
import { useOnline } from '../../../lib/till-db';
import { unwrap } from '../api/pos-api';
import { useAddPosCustomer, usePosCustomers } from '../api/pos-dialog-api';
import { cartStore } from '../lib/cart-store';
import { rowStyle } from './dialog-parts';

export function CustomerDialog({ opened, onClose, walkInName }: { opened: boolean; onClose: () => void; walkInName: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ name: '', phone: '', member_id: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const h = setTimeout(() => setDebounced(q.trim()), 200);
    return () => clearTimeout(h);
  }, [q]);
  useEffect(() => {
    if (opened) {
      setQ('');
      setAdding(false);
      setErrors({});
      // The server's field messages (validation.*) may come from any module's table; the till loads only its own.
      void loadModuleTranslations();
    }
  }, [opened]);
  const list = usePosCustomers(debounced, opened && !adding);
  const add = useAddPosCustomer();
  const choose = (c: { id: string; name: string; is_walk_in?: boolean } | null) => {
    cartStore().update((x) => ({ ...x, customer: c && !c.is_walk_in ? { id: c.id, name: c.name } : null }));
    onClose();
  };
  const submit = () => {
    setErrors({});
    add.mutate(
      { name: form.name, phone: form.phone || null, member_id: form.member_id || null },
      {
        onSuccess: (body) => choose(unwrap(body)),
        onError: (e) => setErrors(e instanceof ApiError ? { ...(e.errors ?? {}), _: e.message } : { _: t('errors.internal') }),
      },
    );
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={opened}
      onClose={onClose}
      title={t('pos.customer')}
      centered
      size="md"
    >
      {adding ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t('pos.customer_name')}
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              error={errors.name ? t(errors.name) : undefined}
              data-autofocus
              size="md"
            />
            <TextInput
              label={t('pos.customer_phone')}
              value={form.phone}
              onChange={(e) => setForm({ ...form, phone: e.currentTarget.value })}
              error={errors.phone ? t(errors.phone) : undefined}
              inputMode="tel"
              size="md"
            />
            <TextInput
              label={t('pos.member_id')}
              value={form.member_id}
              onChange={(e) => setForm({ ...form, member_id: e.currentTarget.value })}
              error={errors.member_id ? t(errors.member_id) : undefined}
              size="md"
            />
            {errors._ && (
              <Text c="red" size="sm" role="alert">
                {errors._}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAdding(false)} h={44}>
                {t('pos.back_to_search')}
              </Button>
              <Button type="submit" loading={add.isPending} h={44}>
                {t('pos.add_customer')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="xs">
          <TextInput
            placeholder={t('pos.customer_search')}
            aria-label={t('pos.customer_search')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter takes the first customer found (the walk-in customer when the search is empty).
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              const first = q.trim() && debounced === q.trim() ? list.data?.data.find((c) => !c.is_walk_in) : undefined;
              if (first) choose(first);
              else if (!q.trim()) choose(null);
            }}
            data-autofocus
            size="md"
            rightSection={list.isFetching ? <Loader size="xs" /> : null}
            data-testid="pos-customer-search"
          />
          {!online && (
            // Offline: the customers the till kept; adding one waits for the connection.
            <Alert color="orange" data-testid="pos-customers-offline">
              {t('tills.customers_offline')}
            </Alert>
          )}
          <Stack gap={4} mah={360} style={{ overflowY: 'auto' }} role="list">
            <UnstyledButton onClick={() => choose(null)} p="sm" mih={44} role="listitem" style={rowStyle}>
              <Text fw={600}>{walkInName}</Text>
            </UnstyledButton>
            {list.data?.data
              .filter((c) => !c.is_walk_in)
              .map((c) => (
                <UnstyledButton
                  key={c.id}
                  onClick={() => choose(c)}
                  p="sm"
                  mih={44}
                  role="listitem"
                  style={rowStyle}
                  data-testid="pos-customer-option"
                >
                  <Text fw={600}>{c.name}</Text>
                  <Text size="xs" c="dimmed">
                    <bdi dir="ltr">{[c.phone, c.member_id].filter(Boolean).join(' · ')}</bdi>
                  </Text>
                </UnstyledButton>
              ))}
          </Stack>
          <Button variant="light" onClick={() => setAdding(true)} h={44}>
            {t('pos.new_customer')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
