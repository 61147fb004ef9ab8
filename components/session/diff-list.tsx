'use client';
import { Panel } from '@/components/ui/panel';
import type { FileDiff } from '@/lib/model/todo';
import { Collapsible } from './collapsible';
import { ExpandedProvider } from './expanded-context';

function lineClass(line: string): string | undefined {
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  if (line.startsWith('@@')) return 'diff-hunk';
  return undefined;
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
                    <pre className="output diff">
                      {d.patch.split('\n').map((line, i) => (
                        <span key={i} className={lineClass(line)}>
                          {line}
                          {'\n'}
                        </span>
                      ))}
                    </pre>
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
