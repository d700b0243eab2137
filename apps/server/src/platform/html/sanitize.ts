import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text editor's rules (docs/product-spec.md §5, Quill's defaults) as a server-side allowlist: what the
 * editor can produce survives, anything else (script, style, iframes, event handlers, javascript:
 * links) is dropped before it is stored.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ol',
    'ul',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    pre: ['spellcheck'],
    '*': ['class', 'style'],
  },
  // Quill's formats: alignment, indentation (1 to 8), direction, font sizes and fonts, code blocks.
  allowedClasses: {
    '*': [
      /^ql-align-(center|right|justify)$/,
      /^ql-indent-[1-8]$/,
      'ql-direction-rtl',
      /^ql-size-(small|large|huge)$/,
      /^ql-font-(serif|monospace)$/,
      'ql-syntax',
    ],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
    },
  },
  // A link with any other scheme loses its href, as the editor blanks it.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in a new tab without handing the opener to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Plain text of rich text, for search and meta descriptions: block ends become spaces. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/?(p|br|li|h[1-6]|div|blockquote|pre|ol|ul)\b[^>]*>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text safe to place inside HTML text or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
