import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { followedLive, LEASE_STALE_MS, readLease, releaseLease, stopFollowing, takeLease } from './build-lease';
import { openSearchDb } from './search-db';

const progress = { done: 0, total: 0 };
const open = () => openSearchDb(path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-lease-')), 'search.db')).db;

describe('the search index build lease', () => {
  it('goes to one dashboard at a time, shows its progress to the other, and is free again once given back', () => {
    const db = open();
    expect(takeLease(db, 'a', { done: 3, total: 60 })).toBe('free');
    expect(takeLease(db, 'b', progress)).toMatchObject({ token: 'a', pid: process.pid, done: 3, total: 60 });
    // Taken again by its holder: renewed.
    expect(takeLease(db, 'a', progress)).toBe('free');
    releaseLease(db, 'b');
    expect(readLease(db)?.token).toBe('a');
    releaseLease(db, 'a');
    expect(takeLease(db, 'b', progress)).toBe('free');
    db.close();
  });

  it('is taken over from a holder that died (kill -9: its pid is gone) or stopped renewing it', () => {
    const db = open();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    takeLease(db, 'gone', progress);
    const rewrite = (change: Record<string, unknown>) =>
      db.prepare("UPDATE meta SET value = json_patch(value, ?) WHERE key = 'build-lease'").run(JSON.stringify(change));
    rewrite({ pid: dead });
    expect(takeLease(db, 'next', progress)).toBe('stale');
    expect(readLease(db)).toMatchObject({ token: 'next', pid: process.pid });
    rewrite({ beat: Date.now() - LEASE_STALE_MS - 1_000 });
    expect(takeLease(db, 'third', progress)).toBe('stale');
    // A holder alive and renewing keeps it.
    expect(takeLease(db, 'fourth', progress)).toMatchObject({ token: 'third' });
    db.close();
  });

  it('given back, names its holder as following the data while that process runs', () => {
    const db = open();
    expect(followedLive(db)).toBe(false);
    takeLease(db, 'a', progress);
    expect(followedLive(db)).toBe(false);
    releaseLease(db, 'a');
    expect(followedLive(db)).toBe(true);
    stopFollowing(db, 'b');
    expect(followedLive(db)).toBe(true);
    stopFollowing(db, 'a');
    expect(followedLive(db)).toBe(false);
    // A follower killed without stopping.
    takeLease(db, 'c', progress);
    releaseLease(db, 'c');
    db.prepare("UPDATE meta SET value = json_patch(value, ?) WHERE key = 'followed-by'").run(JSON.stringify({ pid: spawnSync(process.execPath, ['-e', '']).pid }));
    expect(followedLive(db)).toBe(false);
    db.close();
  });
});
