import { useState } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { zodValidator } from '../../lib/zod-form';

/**
 * A form validated by the shared zod schema; on submit, server field errors land on their fields and
 * anything else becomes a notification. Nothing is closed or cleared unless the save succeeded.
 */
export function useEntityForm<V extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: V,
  save: (values: V) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const form: UseFormReturnType<V> = useForm<V>({ mode: 'uncontrolled', initialValues, validate: zodValidator(schema, t) as never });
  const onSubmit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await save(values as V);
    } catch (e) {
      if (e instanceof ApiError && e.errors && Object.keys(e.errors).length) form.setErrors(e.errors);
      else notifyError(e);
    } finally {
      setSaving(false);
    }
  });
  return { form, onSubmit, saving };
}
