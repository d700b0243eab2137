import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS, productPagePath } from '@market/contracts';
import { SearchIcon } from '@/components/icons';
import { useSearchQuery } from '@/features/catalogue';
import { SearchSuggestions, optionId } from './SearchSuggestions';
import { useDebouncedValue } from './useDebouncedValue';
import './search.css';

interface SearchFormProps {
  placeholder: string;
  /** Called after a search was started, e.g. to close the mobile offcanvas. */
  onSearch?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

export const SUGGESTION_DEBOUNCE_MS = 200;

export function searchPath(text: string): string {
  return `/search-games?${new URLSearchParams({ q: text.trim() }).toString()}`;
}

/**
 * Search box as an ARIA combobox (docs/product-spec.md §2.1, 4): suggestions only while the box has been
 * edited and holds text; choosing one or 'Search All' closes the list and clears the box.
 */
export function SearchForm({ placeholder, onSearch, inputRef, className = '' }: SearchFormProps) {
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = `${inputId}-suggestions`;

  const open = edited && text.trim() !== '';
  const settledText = useDebouncedValue(open ? text.trim() : '', SUGGESTION_DEBOUNCE_MS);
  const { data } = useSearchQuery(open ? settledText : '', { keepPrevious: true });
  const suggestions = open ? (data ?? []).slice(0, LIMITS.searchSuggestions) : [];
  const optionCount = suggestions.length + 1;

  function finish() {
    setText('');
    setEdited(false);
    setActiveIndex(-1);
    onSearch?.();
  }

  function choose(index: number) {
    const product = suggestions[index];
    navigate(product ? productPagePath(product.slug) : searchPath(text));
    finish();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') return;
    navigate(searchPath(text));
    finish();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + delta + optionCount + (index < 0 && delta < 0 ? 1 : 0)) % optionCount);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      choose(Math.min(activeIndex, optionCount - 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEdited(false);
      setActiveIndex(-1);
    }
  }

  return (
    <search className={`search-form ${className}`}>
      <form onSubmit={handleSubmit} className="w-100">
        <label htmlFor={inputId} className="visually-hidden">
          Search games
        </label>
        <div className="search-field">
          <SearchIcon size={18} className="search-field-icon" />
          <input
            id={inputId}
            ref={inputRef}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && activeIndex >= 0 ? optionId(listId, activeIndex) : undefined}
            className="form-control"
            placeholder={placeholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setEdited(true);
              setActiveIndex(-1);
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => setEdited(false)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      </form>
      {open && <SearchSuggestions id={listId} suggestions={suggestions} activeIndex={activeIndex} onChoose={choose} />}
    </search>
  );
}
