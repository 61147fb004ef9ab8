'use client';
import { Panel } from '@/components/ui/panel';
import type { FileDiff } from '@/lib/model/todo';
import { parsePatch } from '@/lib/diff/line-diff';
import { Collapsible } from './collapsible';
import { DiffView } from './diff-view';
import { ExpandedProvider } from './expanded-context';

function lineClass(line: string): string | undefined {
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  if (line.startsWith('@@')) return 'diff-hunk';
  return undefined;
}

/** A stored patch as a diff view; one that does not parse as unified hunks, as its coloured text. */
function PatchView({ patch, file }: { patch: string; file: string }) {
  const shown = parsePatch(patch);
  if (shown) return <DiffView shown={shown} file={file} label={`Changes to ${file}`} />;
  return (
    <pre className="output diff">
      {patch.split('\n').map((line, i) => (
        <span key={i} className={lineClass(line)}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

export function DiffList({ diffs }: { diffs: FileDiff[] }) {
  const adds = diffs.reduce((n, d) => n + d.additions, 0);
  const dels = diffs.reduce((n, d) => n + d.deletions, 0);
  return (
    <Panel title={`Changed files · +${adds} −${dels}`} id="diffs">
      <ExpandedProvider>
        <ul className="diff-list">
          {diffs.map((d) => {
            const label = (
              <>
                <code>{d.file}</code> <span className="diff-add">+{d.additions}</span> <span className="diff-del">−{d.deletions}</span>
              </>
            );
            return (
              <li key={d.file}>
                {d.patch ? (
                  <Collapsible id={d.file} summary={label}>
                    <PatchView patch={d.patch} file={d.file} />
                  </Collapsible>
                ) : (
                  label
                )}
              </li>
            );
          })}
        </ul>
      </ExpandedProvider>
    </Panel>
  );
}
