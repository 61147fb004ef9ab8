import type { Migration } from './migration';
import { sessionsMigration } from './0001-sessions';
import { partsMigration } from './0002-parts';
import { teamMigration } from './0003-team';
import { otlpExportMigration } from './0004-otlp-export';
import { costRecordedMigration } from './0005-cost-recorded';
import { messageInfoMigration } from './0006-message-info';
import { teamPublishedMigration } from './0007-team-published';
import { partTextMigration } from './0008-part-text';
import { sourceFileMigration } from './0011-source-file';
import { usageTotalMigration } from './0012-usage-total';
import { resumeAtMigration } from './0013-resume-at';
import { partExtraMigration } from './0015-part-extra';
import { usagePendingMigration } from './0016-usage-pending';
import { sessionSummaryMigration } from './0017-session-summary';
import { summariesAsMigration } from './0018-summaries-as';

/** Every migration, in order. Add new ones at the end; never edit one that shipped. */
export const MIGRATIONS: readonly Migration[] = [sessionsMigration, partsMigration, teamMigration, otlpExportMigration, costRecordedMigration, messageInfoMigration, teamPublishedMigration, partTextMigration, sourceFileMigration, usageTotalMigration, resumeAtMigration, partExtraMigration, usagePendingMigration, sessionSummaryMigration, summariesAsMigration];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
