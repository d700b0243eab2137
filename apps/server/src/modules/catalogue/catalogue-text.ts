import { slugToTitle } from '@market/contracts';

/**
 * The key a /downloads/{title} slug is looked up by: SPEC.md 2.2 turns whitespace into hyphens and
 * hyphens back into spaces, so a title and its slug meet once both are lower-cased with hyphens
 * and whitespace runs as one space (which also finds titles that contain a hyphen).
 */
export function slugKeyOfTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
}

export const slugKeyOfSlug = (slug: string) => slugKeyOfTitle(slugToTitle(slug));

/** Words of a search text: letters and digits of any script, lower-cased; at most 8 of them. */
export function searchTokens(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}
