import type { TimelineRow } from '@/lib/view/timeline-rows';
import { AssistantHeader } from './assistant-header';
import { MessageErrorView } from './message-error-view';
import { PartWithCut } from './part-with-cut';
import { UserPrompt } from './user-prompt';

export function TimelineRowView({ row }: { row: TimelineRow }) {
  switch (row.kind) {
    case 'user':
      return <UserPrompt info={row.info} parts={row.parts} />;
    case 'assistant':
      return <AssistantHeader info={row.info} />;
    case 'message-error':
      return <MessageErrorView error={row.error} />;
    case 'part':
      return <PartWithCut part={row.part} step={row.step} />;
  }
}
