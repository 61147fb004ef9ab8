import { shortPath } from '@/lib/format/format-path';

/** No plan anywhere: say where we looked and how to point Sessionscope at a project. */
export function PlansEmpty({ searched }: { searched: readonly string[] }) {
  return (
    <div className="empty-state" data-testid="plans-empty">
      <h2>No oh-my-opencode plans found</h2>
      <p>
        Sessionscope looks for <code>.omo/boulder.json</code> and <code>.sisyphus/boulder.json</code> (and their <code>plans/*.md</code>) in every project folder
        your sessions name{searched.length > 0 ? ':' : ', and no session names one yet.'}
      </p>
      {searched.length > 0 ? (
        <ul className="small">
          {searched.slice(0, 12).map((dir) => (
            <li key={dir}>
              <code title={dir}>{shortPath(dir, 90)}</code>
            </li>
          ))}
          {searched.length > 12 ? <li className="muted">and {searched.length - 12} more</li> : null}
        </ul>
      ) : null}
      <p>
        To follow a project no session names, start Sessionscope with <code>npm start -- --project DIR</code> (repeatable), or set{' '}
        <code>SESSIONSCOPE_PROJECT_DIRS</code>. Plans appear here as soon as oh-my-opencode writes a boulder.
      </p>
    </div>
  );
}
