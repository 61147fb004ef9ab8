import Link from 'next/link';
import type { Part } from '@/lib/model/part';
import { sessionHref } from '@/components/ui/session-link';
import { formatBytes } from '@/lib/format/format-bytes';
import { formatCost } from '@/lib/format/format-cost';
import { formatCompact } from '@/lib/format/format-tokens';
import { Markdown } from './markdown';
import { Collapsible } from './collapsible';
import { ToolCall } from './tool-call';
import { FileAttachment } from './file-attachment';
import { CollapsibleText } from './collapsible-text';

/** One part of a message, drawn by type; types this version does not know are named, never dropped. */
export function PartView({ part, step }: { part: Part; step?: number }) {
  switch (part.type) {
    case 'text':
      if (part.synthetic) {
        return (
          <Collapsible id={part.id} summary="Context added by the agent, not typed" className="synthetic">
            <CollapsibleText id={part.id} text={part.text} />
          </Collapsible>
        );
      }
      if (part.streaming) {
        return (
          <div className="streaming" data-testid="streaming-text" aria-live="polite">
            <Markdown text={part.text} />
            <span className="streaming-mark">streaming from OpenCode…</span>
          </div>
        );
      }
      return <Markdown text={part.text} />;
    case 'reasoning':
      return (
        <Collapsible id={part.id} summary={`Reasoning · ${part.text.split(/\s+/).filter(Boolean).length} words${part.streaming ? ' · streaming…' : ''}`} className="reasoning">
          <CollapsibleText id={part.id} text={part.text} />
        </Collapsible>
      );
    case 'tool':
      return <ToolCall part={part} />;
    case 'file':
      return <FileAttachment part={part} />;
    case 'patch':
      return (
        <div className="notice notice-muted">
          <strong>Patch</strong> <code>{part.hash.slice(0, 10)}</code> · {part.files.length} file{part.files.length === 1 ? '' : 's'}: {part.files.join(', ')}
        </div>
      );
    case 'agent':
      return <div className="notice notice-muted">Switched to agent <strong>{part.name}</strong></div>;
    case 'compaction':
      return <div className="notice notice-info">Context compacted{part.auto ? ' automatically (the context window was full)' : ' on request'}</div>;
    case 'subtask':
      return (
        <Collapsible id={part.id} summary={`Subtask for @${part.agent}: ${part.description}`}>
          <CollapsibleText id={part.id} text={part.prompt} />
        </Collapsible>
      );
    case 'retry':
      return (
        <div className="notice notice-warning">
          <strong>Retry #{part.attempt}</strong> after provider error: {part.error}
        </div>
      );
    case 'step-finish':
      return (
        <div className="step-line" data-testid="step-finish">
          step {step ?? ''} · {part.reason} · in {formatCompact(part.tokens.input)} · out {formatCompact(part.tokens.output)}
          {part.tokens.reasoning ? ` · reasoning ${formatCompact(part.tokens.reasoning)}` : ''} · cache {formatCompact(part.tokens.cacheRead)} read / {formatCompact(part.tokens.cacheWrite)} write · {formatCost(part.cost)}
        </div>
      );
    case 'context':
      return (
        <div className="notice notice-muted context-part" data-testid="context-part" title={`Added by the client, not typed: ${part.kind}`}>
          {part.summary} · {formatBytes(part.size)}
        </div>
      );
    case 'model-change':
      return (
        <div className="notice notice-muted" data-testid="model-change">
          {part.modelID ? (
            <>
              Model <strong>{part.providerID ? `${part.providerID}/${part.modelID}` : part.modelID}</strong>
            </>
          ) : null}
          {part.modelID && part.thinkingLevel ? ' · ' : ''}
          {part.thinkingLevel ? `thinking ${part.thinkingLevel}` : ''}
        </div>
      );
    case 'agent-report':
      return (
        <Collapsible id={part.id} summary={`Subagent reported back${part.status ? ` (${part.status})` : ''}`} className="agent-report">
          {part.childSessionID ? (
            <p>
              <Link href={sessionHref(part.childSessionID)} data-testid="agent-report-link">Open the subagent session</Link>
            </p>
          ) : null}
          <CollapsibleText id={part.id} text={part.text} />
        </Collapsible>
      );
    case 'step-start':
    case 'snapshot':
      return null;
    case 'unknown':
      return (
        <Collapsible id={part.id} summary={`unknown part: ${part.originalType}`} className="unknown-part">
          <pre className="output">{JSON.stringify(part.raw, null, 2)}</pre>
        </Collapsible>
      );
  }
}
