import type { Migration } from './migration';
import { sessionsMigration } from './0001-sessions';
import { teamMigration } from './0003-team';

/** Every migration, in order. Add new ones at the end; never edit one that shipped. */
export const MIGRATIONS: readonly Migration[] = [sessionsMigration, teamMigration];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
