import type { ComponentType, ReactNode } from 'react';
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface RowActionProps {
  /** Translation key of the tooltip and of the accessible name. */
  label: string;
  /** The document's number, added to the accessible name so that each row's button says which document it acts on. */
  name?: string;
  icon: ComponentType<{ size?: number }>;
  /** A page of its own: a link. Otherwise a button doing `onClick`. */
  to?: string;
  onClick?: () => void;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** One icon of a list row's actions (open, edit, print, cancel...) with its tooltip. */
export function RowAction({ label, name, icon: Icon, to, onClick, color, loading, disabled, testId }: RowActionProps) {
  const { t } = useTranslation();
  const ariaLabel = name ? `${t(label)} ${name}` : t(label);
  const common = { variant: 'subtle', color, loading, disabled, 'aria-label': ariaLabel, 'data-testid': testId } as const;
  return (
    <Tooltip label={t(label)}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          <Icon size={18} />
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          <Icon size={18} />
        </ActionIcon>
      )}
    </Tooltip>
  );
}

const AS_LINK = {
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  color: 'var(--mantine-color-anchor)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A document's number in its row, opening the document: a link to its page, or a button opening it over the list. On one
 * line: a till's number (T01-000042) must not break at its hyphen.
 */
export function DocumentNumber({
  children,
  to,
  onClick,
  testId,
  dir,
}: {
  children: ReactNode;
  to?: string;
  onClick?: () => void;
  testId?: string;
  dir?: 'ltr';
}) {
  if (to)
    return (
      <Text size="sm" fw={500} component={Link} to={to} data-testid={testId} dir={dir} style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    );
  return (
    <Text size="sm" fw={500} component="button" type="button" onClick={onClick} style={AS_LINK} data-testid={testId} dir={dir}>
      {children}
    </Text>
  );
}

/** An amount in a cell, kept on one line. */
export function AmountText({ children, fw, testId, dir }: { children: ReactNode; fw?: number; testId?: string; dir?: 'ltr' }) {
  return (
    <Text size="sm" fw={fw} dir={dir} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {children}
    </Text>
  );
}
