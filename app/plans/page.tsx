import { PlansView } from '@/components/plans/plans-view';

export default function PlansPage() {
  return <PlansView />;
}
