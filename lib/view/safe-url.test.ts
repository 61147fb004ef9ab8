import { describe, expect, it } from 'vitest';
import { loadableImageUrl, safeHref, urlHost } from './safe-url';

describe('safeHref', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://x.y', 'http://x.y'],
    ['mailto:me@x.y', 'mailto:me@x.y'],
    ['#frag', '#frag'],
    ['/sessions', '/sessions'],
  ])('keeps %s', (url, out) => expect(safeHref(url)).toBe(out));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    'relative/path',
    '',
    undefined,
  ])('drops %s', (url) => expect(safeHref(url)).toBeUndefined());
});

describe('loadableImageUrl', () => {
  it('only http(s)', () => {
    expect(loadableImageUrl('https://x.y/a.png')).toBe('https://x.y/a.png');
    expect(loadableImageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(loadableImageUrl('/local.png')).toBeUndefined();
  });
});

describe('urlHost', () => {
  it('shows the host, or the text when it does not parse', () => {
    expect(urlHost('https://example.com/a.png')).toBe('example.com');
    expect(urlHost('http://')).toBe('http://');
  });
});
