import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry only what might succeed later: never a 4xx answer.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * Server data (TanStack Query), confirmation dialogs and notifications: what the signed-in shell and the lazy public
 * screens (sign up, OTP, forgot password, public menu) need. Loaded with them, never with the login page (issue #10).
 */
export function AppServices({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Notifications position="top-center" zIndex={2100} />
        {children}
      </ModalsProvider>
    </QueryClientProvider>
  );
}
