import { z } from 'zod';

/** docs/product-spec.md §8: what every malformed address says, in the forms and from the server. */
export const INVALID_URL_MESSAGE = 'Invalid URL';
export const GOOGLE_PLAY_LINK_MESSAGE = 'Enter a Google Play app address (https://play.google.com/store/apps/details?id=…)';
export const APP_STORE_LINK_MESSAGE = 'Enter an App Store app address (https://apps.apple.com/…/app/…/id…)';
export const LIVE_PREVIEW_LINK_MESSAGE = 'Enter a live preview address that starts with https://';

const LINK_MAX_LENGTH = 2000;

/** An Android application id: dot-separated names, each starting with a letter (com.studio.game). */
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** /app/id123, /us/app/id123 and /us/app/some-name/id123 (the country and the name are optional). */
const APP_STORE_PATH = /^\/([a-z]{2}\/)?app\/([^/]+\/)?id\d+\/?$/;

/** An address of this exact host, over https, with no user name or password in front of the host. */
const secureOn = (url: URL, host: string) =>
  url.protocol === 'https:' && url.hostname === host && !url.username && !url.password && !url.port;

/**
 * A link: 'Invalid URL' unless it parses as an absolute address, then `rule` decides with its own
 * message. Shared by the server and the web forms, so both say the same.
 */
const link = (rule: (url: URL) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(LINK_MAX_LENGTH, `A link is at most ${LINK_MAX_LENGTH} characters`)
    .refine((value) => URL.canParse(value), { message: INVALID_URL_MESSAGE, abort: true })
    .refine((value) => rule(new URL(value)), message);

/** https://play.google.com/store/apps/details?id=com.studio.game (other query parameters, such as hl, may follow). */
export const googlePlayLinkSchema = link(
  (url) =>
    secureOn(url, 'play.google.com') && url.pathname === '/store/apps/details' && ANDROID_PACKAGE.test(url.searchParams.get('id') ?? ''),
  GOOGLE_PLAY_LINK_MESSAGE,
);

/** https://apps.apple.com/us/app/space-runner/id1234567890 */
export const appStoreLinkSchema = link(
  (url) => secureOn(url, 'apps.apple.com') && APP_STORE_PATH.test(url.pathname),
  APP_STORE_LINK_MESSAGE,
);

/** Any https address: the live demo opens in the buyer's browser, so never plain http nor a script. */
export const livePreviewLinkSchema = link((url) => url.protocol === 'https:' && url.hostname !== '', LIVE_PREVIEW_LINK_MESSAGE);

/** Any http(s) address; the YouTube rule of the form narrows it further. */
export const webLinkSchema = link((url) => url.protocol === 'https:' || url.protocol === 'http:', INVALID_URL_MESSAGE);
