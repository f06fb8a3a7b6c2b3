import { Group, Stack, Text, type StackProps } from '@mantine/core';

/** One line of a document's totals: its label (translated), the amount as written, and whether it is a total. */
export interface TotalLine {
  label: string;
  value: string;
  /** A total the eye looks for (grand total, balance due): bold. */
  strong?: boolean;
  testId?: string;
}

export interface TotalsPanelProps {
  lines: ReadonlyArray<TotalLine | false | null | undefined>;
  testId?: string;
  /** The panel's width; it then sits at the end of the line (under the amounts of the lines table). */
  w?: StackProps['w'];
  /** Totals that follow what is typed: a screen reader says the change. */
  live?: boolean;
  /** A form's grand total reads a size larger than its other lines. */
  largeStrong?: boolean;
}

/**
 * The totals of a document, label at the start and amount at the end of each line: a sale's, an invoice's, a
 * purchase's, a document being written, a return's refund. Amounts stay left to right (and in one piece) in Arabic.
 */
export function TotalsPanel({ lines, testId, w, live, largeStrong }: TotalsPanelProps) {
  return (
    <Stack gap={4} w={w} ms={w === undefined ? undefined : 'auto'} data-testid={testId} aria-live={live ? 'polite' : undefined}>
      {lines.map(
        (l) =>
          l && (
            <Group key={l.testId ?? l.label} justify="space-between" gap="md" wrap="nowrap">
              <Text size="sm" c={l.strong ? undefined : 'dimmed'} fw={l.strong ? 700 : undefined}>
                {l.label}
              </Text>
              <Text
                size={l.strong && largeStrong ? 'md' : 'sm'}
                fw={l.strong ? 700 : 500}
                data-testid={l.testId}
                style={{ whiteSpace: 'nowrap' }}
                dir="ltr"
              >
                {l.value}
              </Text>
            </Group>
          ),
      )}
    </Stack>
  );
}
