import { useId, useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/components/icons';
import { SearchSuggestions } from './SearchSuggestions';

interface SearchFormProps {
  placeholder: string;
  /** Called after a search was started, e.g. to close the mobile offcanvas. */
  onSearch?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

export function searchPath(text: string): string {
  return `/search-games?${new URLSearchParams({ q: text.trim() }).toString()}`;
}

export function SearchForm({ placeholder, onSearch, inputRef, className = '' }: SearchFormProps) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  function finish() {
    setText('');
    onSearch?.();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') return;
    navigate(searchPath(text));
    finish();
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
            className="form-control"
            placeholder={placeholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      </form>
      <SearchSuggestions text={text} onChoose={finish} />
    </search>
  );
}
