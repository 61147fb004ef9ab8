import { Suspense } from 'react';
import { InsightsView } from '@/components/insights/insights-view';
import { Loading } from '@/components/ui/loading';

export default function ToolsPage() {
  // The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading what="tools and models" />}>
      <InsightsView />
    </Suspense>
  );
}
