import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { i18n } from '../lib/i18n';

/** A screen's or a dialog's code that could not be fetched: offline, or an old chunk a redeploy removed. */
export function isChunkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically|ChunkLoadError|Unable to preload/i.test(
    message,
  );
}

const RELOADED_AT = 'posauto.reloaded-for-chunk';

/**
 * After a redeploy an open page asks for chunks that no longer exist (the server answers 404): it reloads once by
 * itself to fetch the new build. The cart, a pending sale and the session live in localStorage, so nothing is lost;
 * a reload in the last minute is not repeated (no loop when the chunk is missing for another reason).
 */
function reloadForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

interface Props {
  children: ReactNode;
  /** Shown smaller, in place, for a dialog; a screen gets the centered message. */
  inline?: boolean;
  /** When it changes (another screen), a failure shown is cleared; the children are not remounted for it. */
  resetKey?: string;
}

interface State {
  error: unknown;
}

/**
 * Never a white page: a screen or dialog that fails (its code could not be loaded, or it threw) shows a translated
 * message with a reload button instead of unmounting the whole app. Offline, it reloads as soon as the network is back;
 * online, a chunk that failed to load means a new build: it reloads once by itself.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
    if (!isChunkFailure(error)) return;
    if (navigator.onLine) reloadForNewBuild();
    else window.addEventListener('online', () => window.location.reload(), { once: true });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkFailure(error);
    const t = (key: string) => i18n.t(key);
    const body = (
      <Alert
        color={chunk ? 'yellow' : 'red'}
        role="alert"
        title={t(chunk ? 'errors.screen_unavailable' : 'errors.screen_failed')}
        data-testid="app-error"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(chunk ? 'errors.screen_unavailable_text' : 'errors.screen_failed_text')}</Text>
          <Button onClick={() => window.location.reload()} data-testid="app-error-reload">
            {t('common.reload')}
          </Button>
        </Stack>
      </Alert>
    );
    return this.props.inline ? (
      body
    ) : (
      <Center mih="60vh" p="md">
        {body}
      </Center>
    );
  }
}
