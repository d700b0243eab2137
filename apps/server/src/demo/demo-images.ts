import sharp from 'sharp';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A cover made at seed time (no downloads): a gradient in the product's hue with its title,
 * drawn as SVG and rasterised to PNG so it goes through the same upload pipeline as a seller's.
 */
export function coverImage(title: string, hue: number, width: number, height: number, subtitle = ''): Promise<Buffer> {
  // The title fits within the middle 80%: cards crop the sides a little (16:9 shown as 16:10), and a
  // long title at the full size would run off both edges. Bold DejaVu Sans averages 0.7 em a letter.
  const titleSize = Math.round(Math.min(height / 8, (width * 0.8) / (Math.max(title.length, 1) * 0.7)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 70%, 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360}, 65%, 30%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.25}" r="${height * 0.35}" fill="rgba(255,255,255,0.12)"/>
  <text x="50%" y="52%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(title)}</text>
  <text x="50%" y="66%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height / 18)}" fill="rgba(255,255,255,0.85)">${escapeXml(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
