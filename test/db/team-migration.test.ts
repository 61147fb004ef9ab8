// Migration 0003 on a cache written before it: every source keeps its id and key (rows keyed by the
// id still belong to it), is this machine's (''), and a key is unique per machine from then on.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { queryBuilder } from '@/lib/server/db/builders';
import { sessionsMigration } from '@/lib/server/db/migrations/0001-sessions';
import { createMigrationTable } from '@/lib/server/db/migrations/migration-table';
import { MIGRATIONS } from '@/lib/server/db/migrations';
import { SqliteSessionDb } from '@/lib/server/db/sqlite/sqlite-session-db';

describe('migration 0003 (team) on an existing cache', () => {
  it('keeps every source and its sessions, makes them this machine\'s, and allows one key per machine', () => {
    const db = new SqliteSessionDb(new Database(':memory:'), undefined);
    const k = queryBuilder('sqlite');
    db.run(createMigrationTable(k));
    for (const statement of sessionsMigration.statements(k as never)) db.run(statement);
    db.run(k.insertInto('schema_migration').values({ version: 1, name: 'sessions', applied_at: 1 }).compile());
    db.connection.prepare(`INSERT INTO source (id, key, kind, path, priority, complete_as) VALUES (7, 'claude:/c', 'claude', '/c', 0, 'fp')`).run();
    db.connection.prepare(`INSERT INTO session (source_id, id, kind, project_id, directory, title, created, updated, origin) VALUES (7, 's1', 'claude', 'p', '/w', 'T', 1, 2, 'test')`).run();

    // Up to 0003 alone: a later one (0005) asks every source for a whole read again, on purpose.
    for (const migration of MIGRATIONS.filter((m) => m.version > 1 && m.version <= 3)) for (const statement of migration.statements(k as never)) db.run(statement);

    expect(db.connection.prepare('SELECT id, machine, person, key, complete_as FROM source').all()).toEqual([{ id: 7, machine: '', person: '', key: 'claude:/c', complete_as: 'fp' }]);
    expect(db.connection.prepare('SELECT source_id, id, digest FROM session').all()).toEqual([{ source_id: 7, id: 's1', digest: null }]);
    db.connection.prepare(`INSERT INTO source (id, machine, key, kind, path, priority) VALUES (8, 'ci-1', 'claude:/c', 'claude', '/c', 0)`).run();
    expect(() => db.connection.prepare(`INSERT INTO source (id, machine, key, kind, path, priority) VALUES (9, 'ci-1', 'claude:/c', 'claude', '/c', 0)`).run()).toThrow(/UNIQUE/);
    db.close();
  });
});
