import { describe, expect, it } from 'vitest';
import { parseServerUrl } from './loopback-url';

describe('parseServerUrl', () => {
  it('takes loopback addresses only, as their origin', () => {
    expect(parseServerUrl('http://127.0.0.1:4096/')).toBe('http://127.0.0.1:4096');
    expect(parseServerUrl('127.0.0.1:4096')).toBe('http://127.0.0.1:4096');
    expect(parseServerUrl('http://localhost:5000/event')).toBe('http://localhost:5000');
    expect(parseServerUrl('http://[::1]:4096')).toBe('http://[::1]:4096');
    expect(parseServerUrl('http://192.168.1.2:4096')).toBeUndefined();
    expect(parseServerUrl('http://example.com')).toBeUndefined();
    expect(parseServerUrl('http://127.0.0.1.example.com')).toBeUndefined();
    expect(parseServerUrl('file:///etc/passwd')).toBeUndefined();
    expect(parseServerUrl('http://user:pw@127.0.0.1:1')).toBeUndefined();
    expect(parseServerUrl('not a url')).toBeUndefined();
  });
});
