import { DiagnosticsView } from '@/components/diagnostics/diagnostics-view';

export default function DiagnosticsPage() {
  return <DiagnosticsView />;
}
