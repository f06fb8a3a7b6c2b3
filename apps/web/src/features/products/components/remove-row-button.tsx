import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The red bin at the end of an editable row (variants, combo components, labels to print). */
export function RemoveRowButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="red" onClick={onClick} aria-label={label} data-testid={testId}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
