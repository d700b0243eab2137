import { lazy, Suspense, useState } from 'react';
import { SearchIcon } from '@/components/icons';

// The offcanvas (and its modal machinery) only loads once someone opens it.
const SearchOffcanvas = lazy(() => import('./SearchOffcanvas'));

/** Small screens: a search button opening a top offcanvas titled 'Search Games'. */
export function MobileSearch({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  return (
    <>
      <button
        type="button"
        className={`btn btn-icon ${className}`}
        aria-label="Search"
        aria-haspopup="dialog"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <SearchIcon />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <SearchOffcanvas show={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
