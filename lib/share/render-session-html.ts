import { formatCost } from '@/lib/format/format-cost';
import { formatCompact, formatCount } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { displayTitle } from '@/lib/sessions/display-title';
import type { Turn } from '@/lib/sessions/build-turns';
import { escapeHtml as e } from './escape-html';
import { renderPart } from './render-part';
import type { SessionExport } from './session-export';
import { SHARE_CSS } from './share-style';

// Belt and braces: even text that escaped escaping could neither run a script nor load anything.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

function figures(x: SessionExport): string {
  const s = x.session;
  const tokens = s.tokens.input + s.tokens.output + s.tokens.reasoning + s.tokens.cacheRead + s.tokens.cacheWrite;
  const items: [string, string][] = [
    ['Recorded cost', formatCost(s.cost)],
    ['At API prices', s.unpricedMessages > 0 && s.computedCost === 0 ? 'unpriced' : formatCost(s.computedCost)],
    ['Tokens', formatCompact(tokens)],
    ['Replies', formatCount(s.messageCount)],
    ['Turns', formatCount(s.turnCount)],
  ];
  if (s.childCount > 0) items.push(['With subagents', `${formatCost(s.total.cost)} · ${plural(s.total.sessionCount - 1, 'subagent')}`]);
  return `<ul class="figures">${items.map(([k, v]) => `<li><span class="muted">${e(k)}</span><b>${e(v)}</b></li>`).join('')}</ul>`;
}

function turnHtml(turn: Turn): string {
  const prompt = turn.user ? `<div class="prompt">${turn.user.parts.map(renderPart).join('')}</div>` : '';
  const replies = turn.assistant
    .map((m) => `<div class="msg-head">${e([m.info.agent ?? m.info.mode, m.info.modelID, m.info.cost ? formatCost(m.info.cost) : undefined, when(m.info.time.created)].filter(Boolean).join(' · '))}</div>${m.parts.map(renderPart).join('')}`)
    .join('');
  return `<section class="turn" id="turn-${e(turn.id)}">${prompt}${replies}</section>`;
}

function sessionHtml(x: SessionExport, depth: number): string {
  const s = x.session;
  const heading = depth === 0 ? 'h1' : 'h2';
  const meta = [s.source, s.directory, s.models.join(', '), `${when(s.time.created)} – ${when(s.lastActivity)}`].filter(Boolean).join(' · ');
  const omitted = x.omittedSubagents > 0 ? `<p class="note">${x.omittedSubagents} more subagent(s) not included in this file.</p>` : '';
  const subagents = x.subagents.length > 0 ? `<h2>Subagents</h2>${x.subagents.map((c) => `<div class="subagent">${sessionHtml(c, depth + 1)}</div>`).join('')}` : '';
  return `<${heading}>${e(displayTitle(s).text)}</${heading}><p class="muted">${e(meta)}</p>${figures(x)}${x.turns.map(turnHtml).join('')}${omitted}${subagents}`;
}

/** The whole file: static HTML with its style inline, no script, nothing fetched; a warning first. */
export function renderSessionHtml(x: SessionExport, exportedAt: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${e(displayTitle(x.session).text)} · Sessionscope</title><style>${SHARE_CSS}</style></head>
<body><main>
<p class="warning" role="note"><strong>This file holds the session's text</strong>: prompts, replies, tool inputs and outputs (file contents, commands, anything the agent read). Read it before you share it. Exported from Sessionscope ${e(when(exportedAt))}.</p>
${sessionHtml(x, 0)}
</main></body></html>
`;
}
