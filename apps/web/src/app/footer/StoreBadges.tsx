import { AppleIcon, PlayStoreIcon } from '@/components/icons';

/** Drawn locally rather than the stores' remote badge images. */
export function StoreBadges() {
  return (
    <div className="store-badges">
      <a className="store-badge" href="https://play.google.com/store" target="_blank" rel="noopener noreferrer">
        <PlayStoreIcon size={24} />
        <span>
          <small>Get it on</small>
          Google Play
        </span>
      </a>
      <a className="store-badge" href="https://www.apple.com/app-store/" target="_blank" rel="noopener noreferrer">
        <AppleIcon size={24} />
        <span>
          <small>Download on the</small>
          App Store
        </span>
      </a>
    </div>
  );
}
