/**
 * docs/product-spec.md §5 and 9: the rich-text editor's rules, which are Quill's own defaults — except that
 * Quill 2 narrowed image uploads to png/jpeg and widened links to sms, so both are set here.
 */
export const LINK_PROTOCOLS: readonly string[] = ['http', 'https', 'mailto', 'tel'];
/** What a refused link becomes (Quill's SANITIZED_URL). */
export const BLANK_LINK = 'about:blank';
export const IMAGE_MIMETYPES: readonly string[] = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'];
export const IMAGE_PROTOCOLS: readonly string[] = ['http', 'https', 'data'];
export const BLANK_IMAGE = '//:0';
export const EDITOR_HISTORY = { delay: 1000, maxStack: 100, userOnly: false } as const;

function protocolOf(url: string, base: string): string | null {
  try {
    // The WHATWG parser drops tabs, newlines and surrounding blanks exactly as the browser
    // does when it follows the link, so 'java\tscript:' is seen as 'javascript:'.
    return new URL(url, base).protocol.slice(0, -1).toLowerCase();
  } catch {
    return null;
  }
}

const pageBase = () => globalThis.location?.href ?? 'http://localhost/';

/** A link keeps http, https, mailto and tel addresses; anything else is blanked. */
export function sanitizeLink(url: string, base: string = pageBase()): string {
  const protocol = protocolOf(url, base);
  return protocol !== null && LINK_PROTOCOLS.includes(protocol) ? url : BLANK_LINK;
}

/** An image source keeps http, https and data addresses. */
export function sanitizeImageSource(url: string, base: string = pageBase()): string {
  const protocol = protocolOf(url, base);
  return protocol !== null && IMAGE_PROTOCOLS.includes(protocol) ? url : BLANK_IMAGE;
}

/** Quill's empty document is '<p><br></p>'; a field with no text and no image counts as empty. */
export function isBlankRichText(html: string): boolean {
  if (/<(img|iframe|video)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
