import { useState } from 'react';
import { Box, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconBarcode, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { guessBarcodeKind, type BarcodeKind } from '@posauto/shared/barcode';
import { notifyError } from '../../../lib/notify';
import { generateBarcode } from '../api/products';
import { barcodeProblem } from '../lib/validate';
import { BarcodeSvg } from './barcode-svg';

export interface BarcodeFieldProps {
  value: string;
  kind: BarcodeKind | null;
  onChange: (value: string, kind: BarcodeKind | null) => void;
  /** The server's message for this field, if any. */
  error?: string;
  label?: string;
  compact?: boolean;
  testId?: string;
}

/**
 * A barcode typed or scanned (a scanner types the digits and Enter: Enter must not submit the form here), or a
 * fresh in-store EAN-13 from the server; checked live and drawn as it will print.
 */
export function BarcodeField({ value, kind, onChange, error, label, compact, testId = 'barcode' }: BarcodeFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const effective: BarcodeKind | null = value.trim() ? (kind ?? guessBarcodeKind(value.trim())) : null;
  const problem = barcodeProblem(value, kind);
  const shown = error ?? (problem ? t(problem) : undefined);

  const generate = async () => {
    setBusy(true);
    try {
      onChange(await generateBarcode(), 'ean13');
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const input = (
    <TextInput
      label={label}
      aria-label={label ? undefined : t('product.barcode')}
      placeholder={t('product.barcode_placeholder')}
      value={value}
      // A typed or scanned 13-digit code is read as EAN-13, anything else as Code 128, until the user chooses.
      onChange={(e) => onChange(e.currentTarget.value, null)}
      onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      error={shown}
      leftSection={<IconBarcode size={16} />}
      dir="ltr"
      style={{ flex: 1, minWidth: 180 }}
      data-testid={testId}
      size={compact ? 'xs' : undefined}
    />
  );
  if (compact) return input;

  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="xs">
        {input}
        <Select
          label={t('product.barcode_type')}
          w={150}
          data={[
            { value: 'ean13', label: t('product.barcode_ean13') },
            { value: 'code128', label: t('product.barcode_code128') },
          ]}
          value={effective}
          onChange={(v) => onChange(value, (v as BarcodeKind | null) ?? null)}
          disabled={!value.trim()}
          allowDeselect={false}
          data-testid="barcode-type"
        />
        <Button
          variant="light"
          mt={25}
          leftSection={<IconWand size={16} />}
          onClick={() => void generate()}
          loading={busy}
          data-testid="barcode-generate"
        >
          {t('product.barcode_generate')}
        </Button>
      </Group>
      {value.trim() && !problem && (
        <Box dir="ltr" style={{ alignSelf: 'flex-start' }} bg="white" p={4} data-testid="barcode-preview">
          <BarcodeSvg value={value.trim()} kind={effective} height={48} fontSize={14} />
        </Box>
      )}
    </Stack>
  );
}
