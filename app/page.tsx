import { Suspense } from 'react';
import { OverviewView } from '@/components/overview/overview-view';
import { Loading } from '@/components/ui/loading';

export default function OverviewPage() {
  // The view reads its chart range from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading what="overview" />}>
      <OverviewView />
    </Suspense>
  );
}
