// What a new user meets first: the README's quick start is the clone path, and `npm install` (npm 11)
// has no install script left unreviewed, so it prints no warning they would have to research.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('getting started', () => {
  it("the README's quick start begins with the clone: git clone, npm install && npm start, npm test", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? '';
    const commands = firstBlock.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean);
    expect(commands[0]).toMatch(/^git clone /);
    expect(commands).toContain('npm install && npm start');
    expect(commands).toContain('npm test');
  });

  it('allowScripts decides on every package of the lockfile that has an install script', () => {
    const allow = (json('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const packages = (json('package-lock.json').packages ?? {}) as Record<string, { hasInstallScript?: boolean }>;
    const withScripts = Object.entries(packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([where]) => where.split('node_modules/').at(-1)!);
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(typeof allow[name], `${name} in allowScripts`).toBe('boolean');
  });
});
