import { describe, expect, it } from 'vitest';
import { productFormSchema } from '../products.js';
import { slugKey, slugToTitle, titleKey, titleToSlug } from './text.js';

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
