import { describe, expect, it } from 'vitest';
import { formatToolInput, toolMainArg, toolOutputShown } from './tool-summary';

describe('toolMainArg', () => {
  it('picks the telling argument', () => {
    expect(toolMainArg({ command: 'npm test\nsecond line', description: 'x' })).toBe('npm test');
    expect(toolMainArg({ filePath: '/a/b.ts' })).toBe('/a/b.ts');
    expect(toolMainArg({ pattern: 'TODO', path: '' })).toBe('TODO');
    expect(toolMainArg({ cmd: 'cat README.md', workdir: '/w' })).toBe('cat README.md');
    expect(toolMainArg({ message: '[task] Read README.md' })).toBe('[task] Read README.md');
    expect(toolMainArg({ other: 1 })).toBeUndefined();
    expect(toolMainArg(undefined)).toBeUndefined();
    expect(toolMainArg({ command: 'y'.repeat(200) }, 10)).toBe(`${'y'.repeat(9)}…`);
  });
  it('formats input as JSON', () => {
    expect(formatToolInput({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('toolOutputShown', () => {
  it('drops an output that only repeats the error, keeps any other', () => {
    expect(toolOutputShown('File does not exist.\n', 'File does not exist.')).toBeUndefined();
    expect(toolOutputShown('partial listing', 'exit 1')).toBe('partial listing');
    expect(toolOutputShown('ok', undefined)).toBe('ok');
  });
});
