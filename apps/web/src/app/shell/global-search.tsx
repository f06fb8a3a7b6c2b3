import { useState } from 'react';
import { Group, Kbd, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconClock, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import { api } from '../../lib/api-client';
import { menuIcon } from './icons';
import '@mantine/spotlight/styles.css';

const RECENT_KEY = 'app-recent-searches';
const RECENT_MAX = 6;

function readRecent(): GlobalSearchResult[] {
  try {
    const v = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as GlobalSearchResult[]).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function remember(item: GlobalSearchResult): void {
  const next = [item, ...readRecent().filter((r) => r.to !== item.to)].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(next));
}

/** Top-bar search: pages the user may open and records, from GET /api/v1/global-search on every change of text. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const q = query.trim();
  const results = useQuery({
    queryKey: ['global-search', q],
    queryFn: () => api.get<GlobalSearchResult[]>('/api/v1/global-search', { q }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const items = q ? (results.data ?? []) : recent;

  const open = (item: GlobalSearchResult) => {
    remember(item);
    setRecent(readRecent());
    navigate(item.to);
  };

  return (
    <>
      {/* Named by its visible text (hidden text on small screens); the shortcut is announced as a shortcut, not as part of the name. */}
      <UnstyledButton
        onClick={() => spotlight.open()}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-trigger"
        style={{
          border: '1px solid light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-2))',
          borderRadius: 'var(--mantine-radius-md)',
          padding: '6px 10px',
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <IconSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" visibleFrom="md">
            {t('search.placeholder')}
          </Text>
          <VisuallyHidden hiddenFrom="md">{t('search.placeholder')}</VisuallyHidden>
          <Kbd size="xs" visibleFrom="md" aria-hidden>
            Ctrl + K
          </Kbd>
        </Group>
      </UnstyledButton>
      <Spotlight.Root
        query={query}
        onQueryChange={setQuery}
        shortcut={['mod + K']}
        size={600}
        zIndex={2000}
        scrollable
        maxHeight={420}
        onSpotlightOpen={() => setRecent(readRecent())}
        clearQueryOnClose
      >
        <Spotlight.Search placeholder={t('search.placeholder')} leftSection={<IconSearch size={18} />} data-testid="search-input" />
        <Spotlight.ActionsList>
          {!q && recent.length > 0 && (
            <Text size="xs" fw={700} c="dimmed" px="md" pt="xs">
              {t('search.recent')}
            </Text>
          )}
          {items.map((item) => {
            const Icon = q ? menuIcon(item.icon) : IconClock;
            return (
              <Spotlight.Action key={`${item.to}|${item.title}`} onClick={() => open(item)} data-testid="search-result">
                <Group wrap="nowrap" gap="sm">
                  <Icon size={18} stroke={1.6} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {item.subtitle}
                    </Text>
                  </div>
                </Group>
              </Spotlight.Action>
            );
          })}
          {items.length === 0 && !(q && results.isFetching && !results.data) && (
            <Spotlight.Empty data-testid="search-empty">{t(q ? 'search.no_result' : 'search.no_recent')}</Spotlight.Empty>
          )}
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
}
