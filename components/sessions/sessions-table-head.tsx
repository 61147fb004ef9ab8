import { toggleSort, type TableQuery, type TableSort } from '@/lib/view/table-query';

const COLUMNS: { label: string; sort?: TableSort; className?: string; title?: string }[] = [
  { label: 'Status' },
  { label: 'Title', sort: 'title' },
  { label: 'Project' },
  { label: 'Agent' },
  { label: 'Models' },
  { label: 'Msgs', sort: 'messages', className: 'num' },
  { label: 'Tokens', sort: 'tokens', className: 'num' },
  { label: 'Context', className: 'num', title: "The latest request's prompt against the model's context window" },
  { label: 'Cost', sort: 'cost', className: 'num', title: 'As recorded by the agent; the API-equivalent cost under it where they differ (hover a cost for details)' },
  { label: 'With subagents', sort: 'totalCost', className: 'num' },
  { label: 'Last activity', sort: 'lastActivity', className: 'num' },
];

export function SessionsTableHead({ query, setQuery }: { query: TableQuery; setQuery: (q: TableQuery) => void }) {
  return (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
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
