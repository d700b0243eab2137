import { centsToDollars, formatUsd, type LicenseType } from '@market/contracts';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';

export interface ReceiptLine {
  title: string;
  licenseType: LicenseType;
  /** What the buyer paid for the licence: its list price less a discount code's cents. */
  priceCents: number;
  listCents: number;
  /** Charged apart, after the seller's offer; shown so the buyer knows it was asked for. */
  reskin: boolean;
  /** The licence's code, kept in the buyer's mail too: sellers may ask for it. */
  purchaseCode: string;
  /** The bundle the licence was bought in (docs/decisions/0011). */
  bundle: { id: string; name: string } | null;
}

/** Each bundle of the lines once, with what its products paid together: the bundle's price. */
function bundlesOf(lines: readonly ReceiptLine[]) {
  const bundles = new Map<string, { name: string; licenseType: LicenseType; count: number; paidCents: number }>();
  for (const line of lines) {
    if (!line.bundle) continue;
    const bundle = bundles.get(line.bundle.id) ?? { name: line.bundle.name, licenseType: line.licenseType, count: 0, paidCents: 0 };
    bundle.count += 1;
    bundle.paidCents += line.priceCents;
    bundles.set(line.bundle.id, bundle);
  }
  return [...bundles.values()];
}

/** The receipt mailed with each purchase: its lines, licences, amount and where to download. */
export function receiptMail(
  buyer: { name: string; email: string },
  purchase: { transactionId: string; amountCents: number; createdAt: string },
  lines: readonly ReceiptLine[],
  publicUrl: string,
): OutgoingMail {
  return renderMail({
    to: buyer.email,
    subject: `Your receipt: ${formatUsd(purchase.amountCents)} at Source Code Marketplace`,
    heading: 'Thank you for your purchase',
    paragraphs: [
      `Hello ${buyer.name},`,
      'Your licences are active. Download the source code from your purchases: 8 hours for a Single App License, ' +
        '24 hours for a Multi App License, and again each time the seller publishes a new version.',
      'Keep your purchase codes: a seller may ask for one to confirm your licence. They are also on your Licences page, ' +
        'with a certificate to print.',
    ],
    details: [
      ...bundlesOf(lines).map(
        (bundle) => [`Bundle "${bundle.name}" · ${bundle.count} products · ${bundle.licenseType}`, formatUsd(bundle.paidCents)] as const,
      ),
      ...lines.flatMap((line) => [
        [
          `${line.title} · ${line.licenseType}${line.reskin ? ' · reskin requested' : ''}${line.bundle ? ` · in the bundle "${line.bundle.name}"` : ''}`,
          formatUsd(line.priceCents),
        ] as const,
        // A discounted line shows what it cost before the code (or the bundle), and what came off.
        ...(line.listCents > line.priceCents
          ? ([
              [`${line.title} list price and discount`, `${formatUsd(line.listCents)} − ${formatUsd(line.listCents - line.priceCents)}`],
            ] as const)
          : []),
        [`${line.title} purchase code`, line.purchaseCode] as const,
      ]),
      ...(lines.some((line) => line.listCents > line.priceCents)
        ? ([['Discount', formatUsd(-lines.reduce((sum, line) => sum + line.listCents - line.priceCents, 0))]] as const)
        : []),
      ['Total paid', formatUsd(purchase.amountCents)],
      ['Date', `${purchase.createdAt.slice(0, 16).replace('T', ' ')} UTC`],
      ['Payment reference', purchase.transactionId],
    ],
    action: { label: 'Go to my purchases', url: `${publicUrl}/userPanel/purchases` },
    footnote: `Amounts in US dollars (${centsToDollars(purchase.amountCents)} USD in all).`,
  });
}
