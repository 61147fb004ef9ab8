// The launcher's choices a user sees: `--open` hands the URL to the system's opener (and starts
// anyway when there is none), and a clone builds its sources while a package starts its `dist/`.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without type declarations
import { locateApp as untypedLocateApp, PACKAGE_BUILD_FILE } from '../../bin/app.mjs';
import { startServer, type StartedServer } from '../support/start-server';

const locateApp = untypedLocateApp as (root: string) => { kind: 'package' | 'clone'; dir: string; distDir: string };
const work = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-launcher-'));
let server: StartedServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A PATH folder whose `xdg-open` writes the URL it was given to `opened`. */
function fakeOpener(name: string): { bin: string; opened: string } {
  const bin = path.join(work, name);
  const opened = path.join(work, `${name}.txt`);
  mkdirSync(bin, { recursive: true });
  writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > "${opened}"\n`);
  chmodSync(path.join(bin, 'xdg-open'), 0o755);
  return { bin, opened };
}

describe('--open', () => {
  it('opens the dashboard URL with xdg-open once it is ready', async () => {
    const { bin, opened } = fakeOpener('opener');
    server = await startServer({ opencodeDir: path.join(work, 'none') }, ['--open'], { PATH: bin });
    await expect.poll(() => readFileSync(opened, 'utf8').trim()).toBe(`${server!.url}/`);
  });

  it('starts anyway and prints the URL when there is no browser opener', async () => {
    server = await startServer({ opencodeDir: path.join(work, 'none') }, ['--open'], { PATH: path.join(work, 'empty') });
    await expect.poll(() => server!.output()).toContain('could not open a browser');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('opens nothing without --open', async () => {
    const { bin, opened } = fakeOpener('quiet-opener');
    server = await startServer({ opencodeDir: path.join(work, 'none') }, [], { PATH: bin });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(() => readFileSync(opened)).toThrow();
  });
});

describe('locateApp', () => {
  it('starts the prebuilt dist/ of a package, and builds the sources of a clone even with a leftover dist/', () => {
    const pkg = path.join(work, 'pkg');
    mkdirSync(path.join(pkg, 'dist'), { recursive: true });
    writeFileSync(path.join(pkg, 'dist', PACKAGE_BUILD_FILE as string), JSON.stringify({ distDir: '.next-package' }));
    expect(locateApp(pkg)).toEqual({ kind: 'package', dir: path.join(pkg, 'dist'), distDir: '.next-package' });
    mkdirSync(path.join(pkg, 'app'));
    expect(locateApp(pkg)).toMatchObject({ kind: 'clone', dir: pkg });
  });
});
