import { Suspense } from 'react';
import { SearchView } from '@/components/search/search-view';
import { Loading } from '@/components/ui/loading';

export default function SearchPage() {
  // The view reads its query and filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading what="search" />}>
      <SearchView />
    </Suspense>
  );
}
