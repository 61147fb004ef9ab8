import Database from 'better-sqlite3';
import { sessionHeads, sourceProjects } from './lib/server/db/queries/session-list';
import { usageRowsQuery } from './lib/server/db/queries/usage-rows';
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const db = new Database(process.argv[2], { readonly: true });
const ids = (db.prepare('SELECT id FROM source').pluck().all() as number[]);
const run = (label: string, q: { sql: string; parameters: readonly unknown[] }) => {
  for (let i = 0; i < 3; i++) {
    const c0 = cpu(); const rows = db.prepare(q.sql).all(...q.parameters); console.log(label, rows.length, 'rows', (cpu() - c0).toFixed(0), 'ms cpu');
  }
};
const plan = (gen: Generator<any, any, any>) => gen.next().value;
const c0 = cpu(); const heads = plan(sessionHeads('sqlite', ids)); console.log('compile heads', (cpu() - c0).toFixed(1));
run('sessionHeads', heads);
const c1 = cpu(); const usage = usageRowsQuery('sqlite', ids, new Set(['quarter']), {}); console.log('compile usage', (cpu() - c1).toFixed(1));
run('usageRows(day)', usage);
console.log(usage.sql);
run('sourceProjects', plan(sourceProjects('sqlite', ids)));
console.log(db.prepare('select count(*) from usage_rollup').pluck().get(), 'rollup rows;', db.prepare('select count(*) from session').pluck().get(), 'sessions');
