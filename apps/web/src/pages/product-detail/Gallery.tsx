import { imageSrcSet } from '@market/contracts';
import { lazy, Suspense, useState } from 'react';
import type { GalleryItem } from './media';

// The full-screen viewer (react-bootstrap Modal) loads when someone opens it.
const GalleryViewer = lazy(() => import('./GalleryViewer'));

/** Thumbnails of the video and screenshots; each opens the full-screen gallery at itself. */
export function Gallery({ items, name }: { items: GalleryItem[]; name: string }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const [requested, setRequested] = useState(false);
  if (items.length === 0) return null;
  const screenshotCount = items.filter((item) => item.kind === 'image').length;
  const firstScreenshot = items.length - screenshotCount;

  return (
    <>
      <ul className="gallery-thumbs" aria-label="Video and screenshots">
        {items.map((item, index) => {
          const label = item.kind === 'video' ? 'Play video' : `Open screenshot ${index - firstScreenshot + 1} of ${screenshotCount}`;
          return (
            <li key={item.kind === 'video' ? `video-${item.videoId}` : `image-${item.src}`}>
              <button
                type="button"
                className={`gallery-thumb${item.kind === 'video' ? ' gallery-thumb-video' : ''}`}
                aria-label={label}
                onClick={() => {
                  setRequested(true);
                  setOpenAt(index);
                }}
              >
                {item.kind === 'video' ? (
                  <span className="gallery-play" aria-hidden="true">
                    ▶
                  </span>
                ) : (
                  <img
                    src={item.src}
                    srcSet={imageSrcSet(item.src, 'screenshot')}
                    sizes="160px"
                    alt=""
                    width={160}
                    height={100}
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {requested && (
        <Suspense fallback={null}>
          <GalleryViewer items={items} name={name} index={openAt} onIndexChange={setOpenAt} onClose={() => setOpenAt(null)} />
        </Suspense>
      )}
    </>
  );
}
