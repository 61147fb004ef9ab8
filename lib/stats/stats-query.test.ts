import { describe, expect, it } from 'vitest';
import { statsQuerySchema } from './stats-query';

describe('statsQuerySchema', () => {
  it('takes a second grouping', () => {
    expect(statsQuerySchema.parse({ groupBy: 'day', split: 'model' })).toMatchObject({ groupBy: 'day', split: 'model' });
    expect(statsQuerySchema.parse({}).split).toBeUndefined();
  });

  it('groups by ISO week and by month, also with a split', () => {
    expect(statsQuerySchema.parse({ groupBy: 'week' }).groupBy).toBe('week');
    expect(statsQuerySchema.parse({ groupBy: 'month', split: 'model' })).toMatchObject({ groupBy: 'month', split: 'model' });
  });

  it('refuses an unknown split or one equal to groupBy', () => {
    expect(statsQuerySchema.safeParse({ groupBy: 'day', split: 'colour' }).success).toBe(false);
    const same = statsQuerySchema.safeParse({ groupBy: 'model', split: 'model' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.path).toEqual(['split']);
  });

  it('knows a download (format given) from the JSON the pages read (no format)', () => {
    expect(statsQuerySchema.parse({ format: 'json' }).format).toBe('json');
    expect(statsQuerySchema.parse({}).format).toBeUndefined();
    expect(statsQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
  });
});
