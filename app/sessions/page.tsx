import { Suspense } from 'react';
import { SessionsView } from '@/components/sessions/sessions-view';
import { Loading } from '@/components/ui/loading';

export default function SessionsPage() {
  // The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading what="sessions" />}>
      <SessionsView />
    </Suspense>
  );
}
