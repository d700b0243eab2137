import { useRef, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { SearchForm } from './SearchForm';

export default function SearchOffcanvas({ show, onClose }: { show: boolean; onClose: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Closed by a search, the panel leaves focus to the results page (its heading); closed by
  // Escape or its close button, focus goes back to the search button as usual.
  const [searched, setSearched] = useState(false);
  return (
    <Offcanvas
      show={show}
      onHide={onClose}
      onEnter={() => setSearched(false)}
      onEntered={() => inputRef.current?.focus()}
      restoreFocus={!searched}
      placement="top"
      className="search-offcanvas"
      aria-labelledby="search-offcanvas-title"
    >
      <Offcanvas.Header closeButton closeLabel="Close search">
        <Offcanvas.Title id="search-offcanvas-title">Search Games</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <SearchForm
          placeholder="Search"
          onSearch={() => {
            setSearched(true);
            onClose();
          }}
          inputRef={inputRef}
        />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
