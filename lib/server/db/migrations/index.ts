import type { Migration } from './migration';
import { sessionsMigration } from './0001-sessions';
import { partsMigration } from './0002-parts';

/** Every migration, in order. Add new ones at the end; never edit one that shipped. */
export const MIGRATIONS: readonly Migration[] = [sessionsMigration, partsMigration];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
