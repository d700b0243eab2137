/** Words of a search text: letters and digits of any script, lower-cased; at most 8 of them. */
export function searchTokens(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}
