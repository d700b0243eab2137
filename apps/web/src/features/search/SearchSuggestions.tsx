/* oxlint-disable jsx-a11y/prefer-tag-over-role, jsx-a11y/click-events-have-key-events --
   A native <select>/<datalist> cannot show thumbnails, so this is the ARIA combobox + listbox
   pattern: focus stays in the input, which handles the keys (aria-activedescendant). */
import { imageSrcSet, type ProductSummary } from '@market/contracts';
import { productName } from '@/features/catalogue';

interface SearchSuggestionsProps {
  id: string;
  suggestions: ProductSummary[];
  activeIndex: number;
  onChoose: (index: number) => void;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * docs/product-spec.md §2.1 listbox of the search combobox: up to 6 games with thumbnail and title, then
 * 'Search All'. Focus stays in the box (aria-activedescendant); a mouse press must not blur it.
 */
export function SearchSuggestions({ id, suggestions, activeIndex, onChoose }: SearchSuggestionsProps) {
  const searchAllIndex = suggestions.length;
  return (
    <div
      id={id}
      role="listbox"
      tabIndex={-1}
      aria-label="Search suggestions"
      className="search-suggestions"
      onMouseDown={(event) => event.preventDefault()}
    >
      {suggestions.map((product, index) => (
        <div
          key={product._id}
          id={optionId(id, index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === activeIndex}
          className={`search-suggestion${index === activeIndex ? ' active' : ''}`}
          onClick={() => onChoose(index)}
        >
          <img
            src={product.thumbnail}
            srcSet={imageSrcSet(product.thumbnail, 'thumbnail')}
            sizes="48px"
            alt=""
            width={48}
            height={30}
            loading="lazy"
            decoding="async"
          />
          <span className="search-suggestion-title">{productName(product)}</span>
        </div>
      ))}
      <div
        id={optionId(id, searchAllIndex)}
        role="option"
        tabIndex={-1}
        aria-selected={searchAllIndex === activeIndex}
        className={`search-suggestion search-all${searchAllIndex === activeIndex ? ' active' : ''}`}
        onClick={() => onChoose(searchAllIndex)}
      >
        Search All
      </div>
    </div>
  );
}
