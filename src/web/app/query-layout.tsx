import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
// Plain-word messages for every form rule without its own; loaded with the forms, which all sit under this layout.
import '../../contracts/zod-messages';

// One client for the browser session: its cache outlives a visit to a page outside this layout.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/**
 * Layout of the routes that read or write server state through TanStack Query. It is loaded lazily, with the
 * first such page, so the pages without server state (the landing page above all) don't download the library.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
