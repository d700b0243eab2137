import { describe, expect, it } from 'vitest';
import { productFormSchema } from '../products.js';
import { productPagePath, slugKey, slugToTitle, titleKey, titleToSlug } from './text.js';

describe('the one product-title rule', () => {
  it.each([
    'Space Runner',
    'Space  Runner',
    ' Space Runner ',
    'Space\u00A0Runner',
    'Tic-Tac-Toe Pro',
    'Space - Runner',
    'Zoë’s Café: Deluxe',
    'ギャラクシーレーサー',
    'Save $& more </script>',
  ])('finds %j again by its own slug', (title) => {
    expect(productFormSchema.shape.title.safeParse({ en: title }).success).toBe(true);
    expect(slugKey(titleToSlug(title))).toBe(titleKey(title));
    expect(titleKey(slugToTitle(titleToSlug(title)))).toBe(titleKey(title));
  });

  it('compares a title and a slug by one key, whatever their case, spaces and hyphens', () => {
    expect(slugKey('space-runner')).toBe(titleKey('Space Runner'));
    expect(slugKey('Tic-Tac-Toe-Pro')).toBe(titleKey('Tic Tac-Toe  Pro'));
    expect(titleKey('Space Runner')).not.toBe(titleKey('Space Runners'));
  });
});

describe('the product page path', () => {
  it.each(['Ask? #1 / 100% Runner', 'Space Runner', 'Zoë’s Café'])('leads %j to its own page, whatever its punctuation', (title) => {
    const url = new URL(productPagePath(titleToSlug(title)), 'https://market.example');

    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    const [, downloads, slug, ...rest] = url.pathname.split('/');
    expect([downloads, rest]).toEqual(['downloads', []]);
    expect(slugKey(decodeURIComponent(slug!))).toBe(titleKey(title));
  });
});
