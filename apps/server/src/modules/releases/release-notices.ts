import { DOWNLOAD_WINDOW_HOURS, productPagePath, titleToSlug } from '@market/contracts';
import { htmlToText } from '../../platform/html/index.js';
import { type OutgoingMail, renderMail } from '../../platform/mail/index.js';
import type { Notice } from '../notifications/index.js';
import type { ReleaseRow } from './releases.repository.js';

/** The longest a changelog runs in a notice or a mail; the product page has the whole. */
const CHANGELOG_EXCERPT = 600;

const excerpt = (release: Pick<ReleaseRow, 'changelog_html'>) => {
  const text = htmlToText(release.changelog_html);
  return text.length > CHANGELOG_EXCERPT ? `${text.slice(0, CHANGELOG_EXCERPT - 1).trimEnd()}…` : text;
};

/** The notices of a release: to its buyers once it is out, and to its seller on each decision. */
export function releaseNotices(title: string, release: Pick<ReleaseRow, 'version' | 'changelog_html'>) {
  const uploads = '/userPanel/user-uploaded-products';
  return {
    buyer: {
      kind: 'release',
      title: `${title} ${release.version} is out`,
      body: excerpt(release) || `Version ${release.version} of ${title} is ready to download.`,
      link: '/userPanel/purchases',
    },
    approved: {
      kind: 'moderation',
      title: `Version ${release.version} of ${title} was approved`,
      body: 'Its buyers have been told, and can download it now.',
      link: productPagePath(titleToSlug(title)),
    },
    rejected: {
      kind: 'moderation',
      title: `Version ${release.version} of ${title} was rejected`,
      body: 'Buyers keep the versions published before. Publish a corrected version from Manage Products.',
      link: uploads,
    },
  } satisfies Record<string, Notice>;
}

/** The mail to one buyer when a release of what they bought is out. */
export function releaseNoticeMail(
  buyer: { email: string; name: string; multi: number },
  title: string,
  release: Pick<ReleaseRow, 'version' | 'changelog_html' | 'engine_version'>,
  publicUrl: string,
): OutgoingMail {
  const hours = DOWNLOAD_WINDOW_HOURS[Number(buyer.multi) === 1 ? 'Multi App License' : 'Single App License'];
  const changelog = excerpt(release);
  return renderMail({
    to: buyer.email,
    subject: `${title} ${release.version} is available`,
    heading: `${title} ${release.version} is out`,
    paragraphs: [
      `Hello ${buyer.name},`,
      `A new version of ${title}, which you bought, is ready. Your download window is open again for ${hours} hours from now.`,
      ...(changelog ? [`What changed:\n${changelog}`] : []),
    ],
    details: [['Version', release.version], ...(release.engine_version ? [['Engine', release.engine_version] as const] : [])],
    action: { label: 'Go to my purchases', url: `${publicUrl}/userPanel/purchases` },
    footnote: 'You get this mail because you bought this product on Source Code Marketplace.',
  });
}
