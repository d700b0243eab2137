import { useRef } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { SearchForm } from './SearchForm';

export default function SearchOffcanvas({ show, onClose }: { show: boolean; onClose: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Offcanvas
      show={show}
      onHide={onClose}
      onEntered={() => inputRef.current?.focus()}
      placement="top"
      className="search-offcanvas"
      aria-labelledby="search-offcanvas-title"
    >
      <Offcanvas.Header closeButton closeLabel="Close search">
        <Offcanvas.Title id="search-offcanvas-title">Search Games</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <SearchForm placeholder="Search" onSearch={onClose} inputRef={inputRef} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
