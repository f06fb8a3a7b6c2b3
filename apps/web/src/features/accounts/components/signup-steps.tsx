import { Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconClockCheck, IconMailCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STEPS = [
  { key: 'account', Icon: IconUserPlus },
  { key: 'verify', Icon: IconMailCheck },
  { key: 'shop', Icon: IconBuildingStore },
  { key: 'activation', Icon: IconClockCheck },
] as const;

/**
 * The four sign-up steps of the spec (account, email code, shop info, activation); `active` is 0-based.
 * Compact (narrow cards, phones): only the current step is named, the others are icons.
 */
export function SignupSteps({ active, compact = false }: { active: number; compact?: boolean }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const named = (i: number) => !(compact || phone) || i === active;
  return (
    <Stepper active={active} size="sm" iconSize={36} allowNextStepsSelect={false} wrap={false} data-testid="signup-steps">
      {STEPS.map(({ key, Icon }, i) => (
        <Stepper.Step
          key={key}
          icon={<Icon size={18} />}
          label={named(i) ? t('signup.step', { n: i + 1 }) : undefined}
          description={named(i) ? t(`signup.steps.${key}`) : undefined}
          // Named by its visible "Step n" and title; a step shown as an icon only is named by its title.
          aria-label={named(i) ? undefined : t(`signup.steps.${key}`)}
          data-step={key}
          aria-current={i === active ? 'step' : undefined}
        />
      ))}
    </Stepper>
  );
}

/** The heading of a sign-up step: the steps, then the step's title and what it asks for. */
export function SignupHeader({
  active,
  title,
  subtitle,
  compact,
}: {
  active: number;
  title?: string;
  subtitle?: string;
  compact?: boolean;
}) {
  return (
    <Stack gap="lg" mb="lg">
      <SignupSteps active={active} compact={compact} />
      {title && (
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
