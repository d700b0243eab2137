import { Link } from 'react-router';
import { UploadIcon } from '@/components/icons';

/** Shown on medium and larger screens only (docs/product-spec.md §2.1). */
export function PromoBanner() {
  return (
    <aside className="promo-banner d-none d-md-block" aria-label="Sell your source code">
      <div className="container d-flex align-items-center justify-content-center gap-3">
        <span>Built a game or an app? Sell its source code as licences and earn on every sale.</span>
        <Link to="/upload" className="promo-banner-link">
          <UploadIcon size={16} className="me-1" />
          Upload Your Game
        </Link>
      </div>
    </aside>
  );
}
