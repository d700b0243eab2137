/**
 * Seam for SPEC.md 2.1: while text has been typed, up to 6 matching games with thumbnail and
 * title plus a 'Search All' entry. The catalogue release fills this in; until then it
 * renders nothing rather than invented results.
 */
export function SearchSuggestions(_props: { text: string; onChoose: () => void }) {
  return null;
}
