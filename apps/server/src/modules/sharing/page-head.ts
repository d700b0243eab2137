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
  return withoutOld.includes('</head>') ? withoutOld.replace('</head>', head) : `${head}${withoutOld}`;
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
