import { describe, expect, it } from 'vitest';
import { referrerSchema } from '../analytics.js';
import { normaliseReferrer, visitSourceOf } from './referrer.js';

describe('the source of a visit', () => {
  it('takes utm_source over the referrer, and an outside host over nothing', () => {
    const shop = 'https://shop.example/downloads/space-runner';
    expect(visitSourceOf(`${shop}?utm_source=Newsletter`, 'https://news.example.com/a')).toBe('newsletter');
    expect(visitSourceOf(shop, 'https://www.News.Example.com/a?b=1')).toBe('news.example.com');
    expect(visitSourceOf(shop, 'https://shop.example/browse-game')).toBeNull();
    expect(visitSourceOf(shop, '')).toBeNull();
    expect(visitSourceOf(shop, 'android-app://com.google.android.gm/')).toBeNull();
  });

  it('normalises what it keeps into what the server accepts', () => {
    const kept = ['Spring Sale 2026!', '  __x', 'ÉTÉ', 'a'.repeat(100), 'news.example.com'].map(normaliseReferrer);
    expect(kept.map((source) => source !== null && referrerSchema.safeParse(source).success)).toEqual([true, true, true, true, true]);
    expect(normaliseReferrer('Spring Sale 2026!')).toBe('spring-sale-2026-');
    expect(normaliseReferrer('  ')).toBeNull();
    expect(normaliseReferrer('!!!')).toBeNull();
  });
});
