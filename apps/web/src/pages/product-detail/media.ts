/**
 * docs/product-spec.md §2.5: only YouTube watch, live and shorts links are embedded (youtu.be short links
 * too, as the upload contract accepts them), always through youtube-nocookie.com.
 */
const YOUTUBE_ID = /^https:\/\/(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:[^#]*&)?v=|live\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{6,})/;

export function youtubeId(link: string | null | undefined): string | null {
  if (!link) return null;
  return YOUTUBE_ID.exec(link)?.[1] ?? null;
}

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
}

export type GalleryItem = { kind: 'video'; videoId: string } | { kind: 'image'; src: string };

/** The viewer's counter: the video is named, screenshots are counted among screenshots only. */
export function galleryPosition(items: readonly GalleryItem[], index: number): string {
  if (items[index]?.kind !== 'image') return 'Video';
  const screenshots = items.filter((item) => item.kind === 'image');
  const number = items.slice(0, index + 1).filter((item) => item.kind === 'image').length;
  return `Screenshot ${number} of ${screenshots.length}`;
}

export function galleryItems(youtubeLink: string | null, screenshots: readonly string[]): GalleryItem[] {
  const videoId = youtubeId(youtubeLink);
  return [...(videoId ? [{ kind: 'video', videoId } as const] : []), ...screenshots.map((src) => ({ kind: 'image', src }) as const)];
}
