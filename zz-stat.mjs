import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
const rows = db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC").all();
for (const r of rows) console.log(r.name.padEnd(24), (r.bytes / 1e6).toFixed(1), 'MB');
console.log(db.prepare('SELECT count(*) n FROM docs').get());
