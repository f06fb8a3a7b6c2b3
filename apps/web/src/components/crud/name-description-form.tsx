import type { FormEvent, ReactNode } from 'react';
import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormActions } from './form-actions';

/** What every such form holds: a name and whether the row is active; the free text, when there is one, is named. */
type NamedValues = { name: string; status: boolean };

export interface NameDescriptionFormProps<V extends NamedValues> {
  /** What useEntityForm gave the form. */
  entity: { form: UseFormReturnType<V>; onSubmit: (e?: FormEvent<HTMLFormElement>) => void; saving: boolean };
  onCancel: () => void;
  testId: string;
  /** Translation prefix of the labels: `<ns>.name`, `<ns>.name_placeholder`, `<ns>.<description>`, `<ns>.<description>_placeholder`. */
  ns: string;
  /** The free-text field under the others (its value key and its label's), if the list has one. */
  description?: string;
  /** The lists named by their ns alone have placeholders; a list without them says so. */
  placeholders?: boolean;
  nameTestId?: string;
  /** One required choice under the name (a type, a direction), labelled `<ns>.<field>` and `<ns>.<field>_placeholder`. */
  choice?: { field: string; data: Array<{ value: string; label: string }>; testId?: string };
  /** The list's own fields, between the name and the free text (a type, a parent...). */
  children?: ReactNode;
}

/**
 * The form of a setting list that is a name, maybe a few choices, maybe a free text, and an active switch (brands,
 * variations, payment methods, adjustment types, categories, expense categories): one layout, so they stay alike.
 */
export function NameDescriptionForm<V extends NamedValues>({
  entity,
  onCancel,
  testId,
  ns,
  description,
  placeholders = true,
  nameTestId,
  choice,
  children,
}: NameDescriptionFormProps<V>) {
  const { t } = useTranslation();
  // The form's paths are typed by V; these three are known to exist whatever V adds.
  const form = entity.form as unknown as UseFormReturnType<Record<string, unknown>>;
  const placeholder = (key: string) => (placeholders ? t(`${ns}.${key}_placeholder`) : undefined);
  return (
    <form onSubmit={entity.onSubmit} noValidate data-testid={testId}>
      <Stack>
        <TextInput
          label={t(`${ns}.name`)}
          placeholder={placeholder('name')}
          withAsterisk
          data-autofocus
          data-testid={nameTestId}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        {choice && (
          <Select
            label={t(`${ns}.${choice.field}`)}
            placeholder={t(`${ns}.${choice.field}_placeholder`)}
            withAsterisk
            comboboxProps={{ zIndex: 2100 }}
            data={choice.data}
            data-testid={choice.testId}
            key={form.key(choice.field)}
            {...form.getInputProps(choice.field)}
          />
        )}
        {children}
        {description && (
          <Textarea
            label={t(`${ns}.${description}`)}
            placeholder={placeholder(description)}
            autosize
            minRows={2}
            key={form.key(description)}
            {...form.getInputProps(description)}
          />
        )}
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={entity.saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
