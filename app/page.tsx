import { OverviewView } from '@/components/overview/overview-view';

export default function OverviewPage() {
  return <OverviewView />;
}
