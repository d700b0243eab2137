import { FIRST_SCREEN_ELEMENT_ID, productPagePath, type FirstScreen } from '@market/contracts';
import { escapeHtml } from '../../platform/html/index.js';

export interface ShareCard {
  title: string;
  description: string;
  /** Absolute URLs: link previews are fetched by other sites. */
  image: string;
  url: string;
}

/** index.html with the product's title, description and Open Graph tags in its head. */
export function withShareCard(indexHtml: string, card: ShareCard): string {
  const title = escapeHtml(card.title);
  const description = escapeHtml(card.description);
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:image" content="${escapeHtml(card.image)}">`,
    `<meta property="og:url" content="${escapeHtml(card.url)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ].join('\n    ');
  const withoutOld = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<meta\s+name="description"[^>]*>/gi, '');
  const head = `<title>${title}</title>\n    ${tags}\n  </head>`;
  // A replacer function: a `$&` or `$'` typed into a title must stay text, not a replacement pattern.
  return withoutOld.includes('</head>') ? withoutOld.replace('</head>', () => head) : `${head}${withoutOld}`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[character]!);

export function sitemapXml(publicUrl: string, entries: Array<{ slug: string; updatedAt: string }>): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(`${publicUrl}${productPagePath(entry.slug)}`)}</loc><lastmod>${entry.updatedAt.slice(0, 10)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /adminPanel',
    'Disallow: /userPanel',
    'Disallow: /api',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface FirstScreenPage {
  /** The page rendered by the web app's server build, or null: the browser renders it. */
  rendered: FirstScreen | null;
  /** Stylesheets beyond index.html's that the first paint needs. */
  styles: string[];
}

/** JSON inside a script element: nothing in it may close the element or break a JavaScript string. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** React writes a page's <title>, <meta> and preload <link>s ahead of its markup; they belong in the head. */
const LEADING_HEAD_ELEMENTS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

function splitHead(html: string): { head: string; body: string } {
  const head = LEADING_HEAD_ELEMENTS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

const STYLESHEET_LINK = /[ \t]*<link\s+rel="stylesheet"[^>]*>\n?/g;

/**
 * index.html carrying its first screen: the page's markup in #root, what its first paint needs in
 * the head, and the queries it was rendered from, for the app to take over.
 *
 * The head asks for every stylesheet, then for the page's own head elements (React's, among them the
 * lead image's preload), and only then for the entry script, which loads the app after the first
 * paint (apps/web/src/boot.ts): on a phone's few connections nothing the paint waits on queues
 * behind code.
 */
export function withFirstScreen(indexHtml: string, screen: FirstScreenPage): string {
  const { head, body } = splitHead(screen.rendered?.html ?? '');
  let html = indexHtml;
  // The page's own title and description replace the site's.
  if (head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>/gi, '');
  if (/<meta\s+name="description"/.test(head)) html = html.replace(/<meta\s+name="description"[^>]*>/gi, '');
  const siteStyles = (html.match(STYLESHEET_LINK) ?? []).map((link) => link.trim());
  const firstPaint = [
    ...siteStyles,
    ...screen.styles.map((url) => `<link rel="stylesheet" crossorigin href="${escapeHtml(url)}">`),
    head,
  ].filter(Boolean);
  html = html.replace(STYLESHEET_LINK, '');
  const entry = /[ \t]*<script\b/.exec(html);
  const at = entry?.index ?? html.indexOf('</head>');
  if (at >= 0) html = `${html.slice(0, at)}    ${firstPaint.join('\n    ')}\n${html.slice(at)}`;
  if (!screen.rendered) return html;
  html = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  const state = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafe(JSON.stringify(screen.rendered.state))}</script>`;
  return html.includes('</body>') ? html.replace('</body>', () => `  ${state}\n  </body>`) : `${html}${state}`;
}
