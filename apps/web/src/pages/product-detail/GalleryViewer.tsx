import { useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { galleryPosition, youtubeEmbedUrl, type GalleryItem } from './media';

interface GalleryViewerProps {
  items: GalleryItem[];
  name: string;
  /** The open item, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Full-screen gallery: previous / next buttons, arrow keys, a counter such as 'Screenshot 2 of 4'. */
export default function GalleryViewer({ items, name, index, onIndexChange, onClose }: GalleryViewerProps) {
  const open = index !== null;
  const current = open ? items[index] : undefined;
  const count = items.length;

  useEffect(() => {
    if (index === null) return;
    const at = index;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ArrowRight') onIndexChange((at + 1) % count);
      else if (event.key === 'ArrowLeft') onIndexChange((at - 1 + count) % count);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  return (
    <Modal show={open} onHide={onClose} fullscreen className="gallery-modal" aria-labelledby="gallery-title">
      <Modal.Header closeButton closeVariant="white" closeLabel="Close gallery">
        <Modal.Title id="gallery-title" as="h2" className="h5">
          {name}
        </Modal.Title>
        <p className="gallery-counter ms-3 mb-0" aria-live="polite" data-testid="gallery-counter">
          {open ? galleryPosition(items, index) : ''}
        </p>
      </Modal.Header>
      <Modal.Body className="gallery-body">
        {count > 1 && (
          <button
            type="button"
            className="gallery-nav gallery-prev"
            aria-label="Previous"
            onClick={() => open && onIndexChange((index - 1 + count) % count)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        )}
        <div className="gallery-stage">
          {current?.kind === 'video' && (
            <iframe
              className="gallery-video"
              src={youtubeEmbedUrl(current.videoId)}
              title={`Video of ${name}`}
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              // The frame is cross-origin (youtube-nocookie.com): allow-same-origin keeps its own origin, not ours.
              // oxlint-disable-next-line react/iframe-missing-sandbox
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              allowFullScreen
            />
          )}
          {current?.kind === 'image' && (
            <img className="gallery-image" src={current.src} alt={`${name}, ${galleryPosition(items, index ?? 0).toLowerCase()}`} />
          )}
        </div>
        {count > 1 && (
          <button
            type="button"
            className="gallery-nav gallery-next"
            aria-label="Next"
            onClick={() => open && onIndexChange((index + 1) % count)}
          >
            <span aria-hidden="true">›</span>
          </button>
        )}
      </Modal.Body>
    </Modal>
  );
}
