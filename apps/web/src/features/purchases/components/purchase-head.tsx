import { useState } from 'react';
import { Anchor, Button, FileButton, Group, Paper, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PurchaseDetail, PurchaseOptions } from '@posauto/shared/schemas/purchases';
import { notifyError } from '../../../lib/notify';
import { uploadImage, IMAGE_TYPES } from '../../../lib/upload';

/** What the purchase form holds besides its lines. */
export interface PurchaseFormValues {
  supplier_id: string;
  branch_id: string;
  purchase_date: string;
  status: string;
  shipping_cost: string;
  note: string;
  payment_method_id: string;
  payment_amount: string;
  paid_on: string;
}

export type PurchaseFormApi = UseFormReturnType<PurchaseFormValues>;

export interface Attachment {
  key: string;
  url: string | null;
}

/** The purchase's attached image (an invoice, a delivery note): the one saved, or one uploaded now, or none. */
export function useAttachment(existing: PurchaseDetail | null) {
  const [attachment, setAttachment] = useState<Attachment | null>(
    existing?.attachment ? { key: existing.attachment, url: existing.attachment_url } : null,
  );
  const [uploading, setUploading] = useState(false);
  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      setAttachment(await uploadImage(file, 'purchase'));
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };
  return { attachment, uploading, attach, detach: () => setAttachment(null) };
}

/** The head of a purchase: supplier, branch, day, status, note and the attached image. */
export function PurchaseHead({
  form,
  options,
  statuses,
  file,
}: {
  form: PurchaseFormApi;
  options: PurchaseOptions | undefined;
  statuses: readonly string[];
  file: ReturnType<typeof useAttachment>;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Select
          label={t('purchase.supplier')}
          withAsterisk
          searchable
          data={(options?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
          {...form.getInputProps('supplier_id')}
          data-testid="purchase-supplier"
        />
        <Select
          label={t('purchase.branch')}
          withAsterisk
          data={(options?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
          {...form.getInputProps('branch_id')}
          data-testid="purchase-branch"
        />
        <TextInput type="date" label={t('purchase.date')} withAsterisk {...form.getInputProps('purchase_date')} />
        <Select
          label={t('purchase.status')}
          withAsterisk
          allowDeselect={false}
          data={statuses.map((s) => ({ value: s, label: t(`purchase.status_${s}`) }))}
          {...form.getInputProps('status')}
          data-testid="purchase-status-input"
        />
      </SimpleGrid>
      <Textarea mt="sm" label={t('purchase.note')} autosize minRows={2} {...form.getInputProps('note')} />
      <Group mt="sm" gap="sm">
        <FileButton onChange={(f) => void file.attach(f)} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={file.uploading}>
              {t('purchase.attachment')}
            </Button>
          )}
        </FileButton>
        {file.attachment && (
          <>
            {file.attachment.url && (
              <Anchor href={file.attachment.url} target="_blank" rel="noreferrer" size="sm">
                {t('purchase.view_attachment')}
              </Anchor>
            )}
            <Button variant="subtle" color="red" size="xs" onClick={file.detach}>
              {t('purchase.remove_attachment')}
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}
