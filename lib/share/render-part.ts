import type { Part } from '@/lib/model/part';
import { mainArgOf } from '@/lib/model/part-meta';
import { formatCost } from '@/lib/format/format-cost';
import { formatCompact } from '@/lib/format/format-tokens';
import { escapeHtml as e } from './escape-html';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? '';
const cutNote = (part: Part) => (part.cut && Object.keys(part.cut).length > 0 ? `<p class="note">Cut for the file: ${e(Object.entries(part.cut).map(([field, n]) => `${field} (${n} characters)`).join(', '))}</p>` : '');

/** One part as static HTML: every value escaped, nothing that loads or runs (no image, link or script from the data). */
export function renderPart(part: Part): string {
  const id = `part-${e(part.id)}`;
  switch (part.type) {
    case 'text':
      return part.synthetic || part.ignored ? '' : `<div class="text" id="${id}">${e(part.text)}</div>${cutNote(part)}`;
    case 'reasoning':
      return `<details id="${id}"><summary class="muted">Reasoning</summary><div class="text">${e(part.text)}</div></details>`;
    case 'tool': {
      const arg = mainArgOf(part.input);
      const status = part.status === 'error' ? `<span class="status-error">error</span>` : e(part.status);
      const output = part.status === 'error' ? (part.error ?? '') : (part.output ?? '');
      return `<details class="tool" id="${id}" data-status="${e(part.status)}"><summary><b>${e(part.tool)}</b> ${arg ? e(arg) : ''} · ${status}</summary><pre>${e(json(part.input))}</pre>${output ? `<pre>${e(output)}</pre>` : ''}${cutNote(part)}</details>`;
    }
    case 'step-finish':
      return `<p class="note" id="${id}">Step: ${e(formatCost(part.cost))}, ${e(formatCompact(part.tokens.input + part.tokens.output + part.tokens.reasoning + part.tokens.cacheRead + part.tokens.cacheWrite))} tokens${part.reason ? ` (${e(part.reason)})` : ''}</p>`;
    case 'file':
      // A file's content (often a data URL) or a remote address is never embedded: its name says what it was.
      return `<p class="note" id="${id}">File: ${e(part.filename ?? part.sourcePath ?? part.mime)}</p>`;
    case 'patch':
      return `<p class="note" id="${id}">Changed: ${e(part.files.join(', '))}</p>`;
    case 'compaction':
      return `<p class="note" id="${id}">Context compacted${part.auto ? ' (automatically)' : ''}</p>`;
    case 'retry':
      return `<p class="note status-error" id="${id}">Retry #${part.attempt}: ${e(part.error)}</p>`;
    case 'subtask':
      return `<p class="note" id="${id}">Subtask for ${e(part.agent)}: ${e(part.description)}</p>`;
    case 'agent':
      return `<p class="note" id="${id}">Agent: ${e(part.name)}</p>`;
    case 'context':
      return `<p class="note" id="${id}">Context added (${e(part.kind)}): ${e(part.summary)}</p>`;
    case 'model-change':
      return `<p class="note" id="${id}">Model: ${e([part.providerID, part.modelID, part.thinkingLevel].filter(Boolean).join(' · '))}</p>`;
    case 'agent-report':
      return `<div class="text" id="${id}"><span class="note">Subagent report${part.status ? ` (${e(part.status)})` : ''}:</span>\n${e(part.text)}</div>`;
    case 'unknown':
      return `<p class="note" id="${id}">Unknown part: ${e(part.originalType)}</p>`;
    case 'snapshot':
    case 'step-start':
      return '';
  }
}
