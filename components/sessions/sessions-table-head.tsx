import { toggleSort, type TableQuery, type TableSort } from '@/lib/view/table-query';

/** The hide-below-* columns give way as the window narrows (globals.css); Agent goes when no row has one. */
const COLUMNS: { label: string; sort?: TableSort; className?: string; title?: string }[] = [
  { label: 'Status', className: 'card-hide' },
  { label: 'Title', sort: 'title' },
  { label: 'Project', className: 'card-hide' },
  { label: 'Agent', className: 'card-hide hide-below-1100' },
  { label: 'Models', className: 'card-hide hide-below-1200' },
  { label: 'Msgs', sort: 'messages', className: 'num card-hide' },
  { label: 'Tokens', sort: 'tokens', className: 'num card-hide hide-below-900' },
  { label: 'Context', className: 'num card-hide', title: "The latest request's prompt against the model's context window" },
  { label: 'Cost', sort: 'cost', className: 'num', title: 'As recorded by the agent; the API-equivalent cost under it where they differ (hover a cost for details)' },
  { label: 'With subagents', sort: 'totalCost', className: 'num card-hide hide-below-1000' },
  { label: 'Last activity', sort: 'lastActivity', className: 'num' },
];

export function SessionsTableHead({ query, setQuery, showAgents }: { query: TableQuery; setQuery: (q: TableQuery) => void; showAgents: boolean }) {
  return (
    <thead>
      <tr>
        {COLUMNS.filter((c) => showAgents || c.label !== 'Agent').map((c) => (
          <th key={c.label} className={c.className} title={c.title} aria-sort={c.sort && query.sort === c.sort ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}>
            {c.sort ? (
              <button type="button" className="sort-button" onClick={() => setQuery(toggleSort(query, c.sort!))}>
                {c.label}
                {query.sort === c.sort ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''}
              </button>
            ) : (
              c.label
            )}
          </th>
        ))}
      </tr>
    </thead>
  );
}
