import { useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@posauto/shared/money/index';
import { BLOCK_SIZES } from '@posauto/shared/rooms/rates';
import { ROOM_LIMITS, type RoomType, type RoomTypeInput } from '@posauto/shared/schemas/rooms';
import { draftProblems, draftToInput, isRulesProblem, newTypeDraft, typeToDraft, type TypeDraft } from '../lib/plan-form';
import { BandEditor } from './band-editor';

interface Props {
  type: RoomType | null;
  /** The order a new type takes (after the others). */
  nextOrder: number;
  currency: CurrencyCode;
  saving: boolean;
  onClose(): void;
  /** Answers the server's field messages (translated), empty when saved. */
  onSave(input: RoomTypeInput): Promise<Record<string, string>>;
}

/** A NumberInput's value: a number, or '' while empty (the schema then says what is wanted). */
const numeric = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? '' : Number(v));

/**
 * Adding or editing a room type: its name, how time is charged (block, first block, grace), the minimum spend and
 * cleaning time, and the rate plan. The browser checks what the server checks (the schema and validatePlan) and says
 * it next to the field; the messages show once a save was tried, then follow the edits.
 */
export function TypeForm({ type, nextOrder, currency, saving, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<TypeDraft>(() => (type ? typeToDraft(type) : newTypeDraft(nextOrder)));
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const problems = useMemo(() => draftProblems(draft, currency), [draft, currency]);

  const change = (patch: Partial<TypeDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // The server's word was about the values it was sent.
    setServer({});
  };
  const local = tried ? Object.fromEntries(Object.entries(problems.fields).map(([k, v]) => [k, t(v)])) : {};
  const errors: Record<string, string> = { ...local, ...server };
  const planKey = tried ? problems.plan : null;
  const rulesError = isRulesProblem(planKey) ? t(planKey!) : undefined;
  const bandsError = (planKey && !isRulesProblem(planKey) ? t(planKey) : null) ?? errors.bands ?? null;

  const submit = async () => {
    setTried(true);
    if (Object.keys(problems.fields).length > 0 || problems.plan) {
      // Once the messages are drawn, the first field that has one takes the focus (the keyboard goes where to fix).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());
      return;
    }
    setServer(await onSave(draftToInput(draft)));
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(type ? 'room_settings.edit_type' : 'room_settings.add_type')}
      size="xl"
      fullScreen={phone}
      centered={!phone}
    >
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('room_settings.type_name')}
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={errors.name}
            maxLength={ROOM_LIMITS.name}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
            <Select
              label={t('room_settings.block')}
              description={t('room_settings.block_hint')}
              data={BLOCK_SIZES.map((m) => ({ value: String(m), label: t('room_settings.minutes_value', { minutes: m }) }))}
              value={String(draft.block_minutes)}
              onChange={(v) => v && change({ block_minutes: Number(v) })}
              allowDeselect={false}
              comboboxProps={{ zIndex: 2100 }}
              error={errors.block_minutes}
            />
            <NumberInput
              label={t('room_settings.first_block')}
              description={t('room_settings.first_block_hint')}
              value={draft.first_block_minutes}
              onChange={(v) => change({ first_block_minutes: numeric(v) })}
              min={0}
              max={ROOM_LIMITS.firstBlockMinutes}
              allowDecimal={false}
              allowNegative={false}
              rightSection={<Text size="xs">{t('room_settings.min_unit')}</Text>}
              rightSectionWidth={44}
              error={errors.first_block_minutes}
            />
            <NumberInput
              label={t('room_settings.grace')}
              description={t('room_settings.grace_hint')}
              value={draft.grace_minutes}
              onChange={(v) => change({ grace_minutes: numeric(v) })}
              min={0}
              max={59}
              allowDecimal={false}
              allowNegative={false}
              rightSection={<Text size="xs">{t('room_settings.min_unit')}</Text>}
              rightSectionWidth={44}
              error={errors.grace_minutes ?? rulesError}
            />
            <TextInput
              label={t('room_settings.min_spend')}
              description={t('room_settings.min_spend_hint')}
              value={draft.min_spend}
              onChange={(e) => change({ min_spend: e.currentTarget.value })}
              inputMode="decimal"
              dir="ltr"
              rightSection={<Text size="xs">{currency}</Text>}
              rightSectionWidth={44}
              error={errors.min_spend}
            />
            <NumberInput
              label={t('room_settings.cleaning')}
              description={t('room_settings.cleaning_hint')}
              value={draft.cleaning_minutes}
              onChange={(v) => change({ cleaning_minutes: numeric(v) })}
              min={0}
              max={ROOM_LIMITS.cleaningMinutes}
              allowDecimal={false}
              allowNegative={false}
              rightSection={<Text size="xs">{t('room_settings.min_unit')}</Text>}
              rightSectionWidth={44}
              error={errors.cleaning_minutes}
            />
          </SimpleGrid>
          <BandEditor
            bands={draft.bands}
            currency={currency}
            errors={errors}
            planError={bandsError}
            onChange={(bands) => change({ bands })}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
