import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * TanStack Query for the signed-in area. It is loaded with that area's lazy routes
 * (src/web/app/routes.tsx), not with the entry chunk: the public pages fetch nothing,
 * and this keeps the landing page's JavaScript within its budget (npm run audit:web).
 */

/** Query defaults (docs/product.md#browser-cache): stale after 5 minutes, at most 2 retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: 2, refetchOnWindowFocus: false },
    },
  });
}

/** One client for the page's lifetime: the cache survives moving between protected pages. */
export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
