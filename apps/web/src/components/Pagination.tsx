import './pager.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is paged, e.g. the table's caption: the navigation is named after it. */
  label: string;
  onPage: (page: number) => void;
}

/** Previous and Next under a paged list, with where the reader is in words a screen reader announces. */
export function Pagination({ page, pageSize, total, label, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="market-pagination" aria-label={`${label} pages`}>
      <span aria-live="polite">
        {first}–{last} of {total} · Page {page} of {pages}
      </span>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
