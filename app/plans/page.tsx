import { Suspense } from 'react';
import { PlansView } from '@/components/plans/plans-view';
import { Loading } from '@/components/ui/loading';

export default function PlansPage() {
  // The view reads its scope from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading what="plans" />}>
      <PlansView />
    </Suspense>
  );
}
