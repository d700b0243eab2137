import { FIRST_SCREEN_ELEMENT_ID } from '@market/contracts';
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
      `  <url><loc>${escapeXml(`${publicUrl}/downloads/${encodeURIComponent(entry.slug)}`)}</loc><lastmod>${entry.updatedAt.slice(0, 10)}</lastmod></url>`,
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

export interface FirstScreen {
  /** API answers by the URL the web app asks them at, as the JSON text the API sent. */
  answers: Map<string, string>;
  scripts: string[];
  styles: string[];
  image?: string | undefined;
}

/** JSON inside a script element: nothing in it may close the element or break a JavaScript string. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html carrying its first screen: the page's own code and image preloaded in the head, and the
 * API answers its first screen reads embedded, so the browser asks the API for none of them.
 */
export function withFirstScreen(indexHtml: string, screen: FirstScreen): string {
  const preloads = [
    ...screen.scripts.map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`),
    ...screen.styles.map((url) => `<link rel="preload" as="style" href="${escapeHtml(url)}">`),
    ...(screen.image ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(screen.image)}">`] : []),
  ];
  const answers = [...screen.answers].map(([url, json]) => `${JSON.stringify(url)}:${json}`).join(',');
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafe(`{${answers}}`)}</script>`;
  let html = indexHtml;
  if (preloads.length > 0) html = html.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
  return html.includes('</body>') ? html.replace('</body>', () => `  ${data}\n  </body>`) : `${html}${data}`;
}
