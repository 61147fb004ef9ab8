import { databaseRows, modelFigures, storeOn } from './session-db-store';

// Starts a store on one data folder and one session database file `rounds` times and prints what
// each start answered; two processes run it at once on one file (session-db-processes.test.ts).
const [dataDir = '', file = '', rounds = '3'] = process.argv.slice(2);
const out: unknown[] = [];
for (let i = 0; i < Number(rounds); i++) {
  const store = storeOn(dataDir, file);
  await store.start();
  out.push({ figures: modelFigures(store), rows: databaseRows(store) });
  store.stop();
}
process.stdout.write(JSON.stringify(out));
