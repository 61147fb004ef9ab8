import { toggleSort, type TableQuery, type TableSort } from '@/lib/view/table-query';

const COLUMNS: { label: string; sort?: TableSort; className?: string; title?: string }[] = [
  { label: 'Status', className: 'card-hide' },
  { label: 'Title', sort: 'title' },
  { label: 'Project', className: 'card-hide' },
  { label: 'Agent', className: 'card-hide' },
  { label: 'Models', className: 'card-hide' },
  { label: 'Msgs', sort: 'messages', className: 'num card-hide' },
  { label: 'Tokens', sort: 'tokens', className: 'num card-hide' },
  { label: 'Context', className: 'num card-hide', title: "The latest request's prompt against the model's context window" },
  { label: 'Cost', sort: 'cost', className: 'num', title: 'As recorded by the agent; the API-equivalent cost under it where they differ (hover a cost for details)' },
  { label: 'With subagents', sort: 'totalCost', className: 'num card-hide' },
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
