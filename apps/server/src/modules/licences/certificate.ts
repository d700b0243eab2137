import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LICENCE_TERMS, withoutInvisibleCharacters, type Licence } from '@market/contracts';
import PdfKitDocument from 'pdfkit';

/**
 * DejaVu Sans (Bitstream Vera licence, from the dejavu-fonts-ttf package) draws Latin, Cyrillic,
 * Greek and more, where PDFKit's built-in fonts know Windows-1252 only and printed '?' for the
 * rest. PDFKit embeds only the glyphs a certificate uses, so it stays a few dozen kilobytes.
 */
const FONT_FOLDER = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const certificateFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(FONT_FOLDER, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(FONT_FOLDER, 'DejaVuSans-Bold.ttf')),
  });
const REGULAR = 'Certificate';
const BOLD = 'Certificate-Bold';

/** Invisible characters (of names stored before the rules refused them, bidi overrides among them) have no place on a printed page. */
const printable = (text: string) => withoutInvisibleCharacters(text);

/** Apps listed by name; the rest are counted, so the certificate stays one page. */
const APPS_SHOWN = 8;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const MARGIN = 56;
const INK = '#1f2933';
const MUTED = '#52606d';

/** The licence certificate as one A4 page of PDF, made on the server from the licence as stored. */
export function certificatePdf(licence: Licence, issuedAt: Date): Promise<Buffer> {
  const document = new PdfKitDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Licence certificate ${licence.purchaseCode}`, Author: 'Source Code Marketplace', CreationDate: issuedAt },
  });
  const { regular, bold } = certificateFonts();
  document.registerFont(REGULAR, regular);
  document.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const width = document.page.width - 2 * MARGIN;
  const label = (text: string) => document.font(REGULAR).fontSize(9).fillColor(MUTED).text(text.toUpperCase(), { characterSpacing: 0.6 });
  /** At most `lines` lines, cut with an ellipsis: no value can push the page over. */
  const value = (text: string, size = 12, lines = 2) =>
    document
      .font(BOLD)
      .fontSize(size)
      .fillColor(INK)
      .text(printable(text), { width, height: document.currentLineHeight(true) * lines, ellipsis: true })
      .moveDown(0.6);
  const terms = LICENCE_TERMS[licence.licenseType];

  document.font(REGULAR).fontSize(10).fillColor(MUTED).text('Source Code Marketplace');
  document.moveDown(0.4).font(BOLD).fontSize(24).fillColor(INK).text('Licence certificate');
  document
    .moveDown(0.2)
    .font(REGULAR)
    .fontSize(11)
    .fillColor(MUTED)
    .text(
      licence.status === 'Active'
        ? 'This certifies that the licensee below holds the licence described.'
        : 'This licence has been revoked: the licensee below no longer holds the rights described.',
    );
  document
    .moveDown(0.8)
    .moveTo(MARGIN, document.y)
    .lineTo(MARGIN + width, document.y)
    .strokeColor('#cbd2d9')
    .stroke()
    .moveDown(0.8);

  label('Licensee');
  value(licence.buyer.name, 16);
  label('Product');
  value(licence.product.title, 14);
  label('Licence');
  value(`${licence.licenseType}: ${licence.status === 'Active' ? 'active' : `revoked (${licence.revokedReason ?? 'no reason given'})`}`);
  label('Purchase date');
  value(formatDate(licence.purchasedAt));
  label('Purchase code');
  document.font('Courier-Bold').fontSize(13).fillColor(INK).text(licence.purchaseCode).moveDown(0.6);

  label('Registered apps');
  if (licence.registeredApps.length === 0) value('None registered yet', 11);
  for (const app of licence.registeredApps.slice(0, APPS_SHOWN)) {
    const store = app.storeUrl ? `  ${printable(app.storeUrl)}` : '';
    document
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(`${printable(app.appName)}  (${printable(app.bundleId)})${store}`, {
        width,
        height: document.currentLineHeight(true),
        ellipsis: true,
      });
  }
  const unlisted = licence.registeredApps.length - APPS_SHOWN;
  if (unlisted > 0) document.fillColor(MUTED).text(`and ${unlisted} more, listed on the buyer's Licences page`);
  document.moveDown(0.8);

  label('What you may do');
  document.font(REGULAR).fontSize(11).fillColor(INK).text(printable(terms.summary)).moveDown(0.3);
  document.list(terms.may.map(printable), { bulletRadius: 2, textIndent: 12 });
  document.moveDown(0.3).text('You may not:');
  document.list(terms.mayNot.map(printable), { bulletRadius: 2, textIndent: 12 });

  document
    .moveDown(1.5)
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Issued ${formatDate(issuedAt.toISOString())}. A seller can check this code with the marketplace's verify API; a revoked licence no longer verifies as valid.`,
      { width },
    );
  document.end();
  return done;
}
