import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from './theme.ts';

/** Query defaults from spec §9 "Data": stale after 5 minutes, at most 2 retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: 2, refetchOnWindowFocus: false },
    },
  });
}

function ThemedToaster() {
  const [theme] = useTheme();
  return <Toaster theme={theme} richColors closeButton position="top-right" />;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
