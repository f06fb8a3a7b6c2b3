import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec: appears after 200 px of scroll and scrolls smoothly up. */
export const BACK_TO_TOP_THRESHOLD = 200;

export function BackToTop() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <Transition transition="slide-up" mounted={scroll.y > BACK_TO_TOP_THRESHOLD}>
        {(styles) => (
          <ActionIcon
            size="xl"
            radius="xl"
            variant="filled"
            style={styles}
            aria-label={t('common.back_to_top')}
            data-testid="back-to-top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
