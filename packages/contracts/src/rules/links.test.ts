import { describe, expect, it } from 'vitest';
import { productFormSchema } from '../index.js';

/** A valid form as the wizard sends it, once its JSON texts are read. */
const form = {
  type: 'Games',
  category: 'Android',
  subCategory: 'Arcades',
  title: { en: 'Space Runner' },
  description: { en: '<p>Run.</p>' },
  features: '<p>Levels</p>',
  livePreview: 'https://example.com/preview',
  singleAppLicense: '10',
  multiAppLicense: '30',
  authorName: 'Pixel Forge',
};

/** The message of the first problem, or 'ok'. */
function verdict(fields: Record<string, string>): string {
  const parsed = productFormSchema.safeParse({ ...form, ...fields });
  return parsed.success ? 'ok' : parsed.error.issues[0]!.message;
}

const GOOGLE_PLAY = 'Enter a Google Play app address (https://play.google.com/store/apps/details?id=…)';
const APP_STORE = 'Enter an App Store app address (https://apps.apple.com/…/app/…/id…)';
const LIVE_PREVIEW = 'Enter a live preview address that starts with https://';

describe('store and preview links', () => {
  it.each([
    ['https://play.google.com/store/apps/details?id=com.pixelforge.spacerunner', 'ok'],
    ['https://play.google.com/store/apps/details?id=com.example.demo&hl=en', 'ok'],
    ['  https://play.google.com/store/apps/details?id=com.example.demo  ', 'ok'],
    ['', 'ok'],
    ['not a link', 'Invalid URL'],
    ['play.google.com/store/apps/details?id=com.example.demo', 'Invalid URL'],
    ['https://evil.example/store/apps/details?id=com.example.demo', GOOGLE_PLAY],
    ['https://play.google.com.evil.example/store/apps/details?id=com.example.demo', GOOGLE_PLAY],
    ['http://play.google.com/store/apps/details?id=com.example.demo', GOOGLE_PLAY],
    ['https://play.google.com/store/apps/developer?id=Pixel+Forge', GOOGLE_PLAY],
    ['https://play.google.com/store/apps/details', GOOGLE_PLAY],
    ['https://play.google.com/store/apps/details?id=<script>', GOOGLE_PLAY],
    ['https://user@play.google.com/store/apps/details?id=com.example.demo', GOOGLE_PLAY],
  ])('Google Play link %j: %s', (link, expected) => {
    expect(verdict({ googlePlayLink: link })).toBe(expected);
  });

  it.each([
    ['https://apps.apple.com/us/app/space-runner/id1234567890', 'ok'],
    ['https://apps.apple.com/app/id000000000', 'ok'],
    ['https://apps.apple.com/gb/app/space-runner/id123456789?platform=iphone', 'ok'],
    ['', 'ok'],
    ['apps.apple.com/us/app/x/id1', 'Invalid URL'],
    ['https://itunes.example/us/app/space-runner/id1234567890', APP_STORE],
    ['https://apps.apple.com.evil.example/us/app/space-runner/id1234567890', APP_STORE],
    ['http://apps.apple.com/us/app/space-runner/id1234567890', APP_STORE],
    ['https://apps.apple.com/us/developer/pixel-forge/id1234567890', APP_STORE],
    ['https://apps.apple.com/us/app/space-runner', APP_STORE],
  ])('App Store link %j: %s', (link, expected) => {
    expect(verdict({ appStoreLink: link })).toBe(expected);
  });

  it.each([
    ['https://example.com/preview', 'ok'],
    ['https://pixelforge.itch.io/space-runner', 'ok'],
    ['example.com', 'Invalid URL'],
    ['https://', 'Invalid URL'],
    ['http://example.com/preview', LIVE_PREVIEW],
    ['ftp://example.com/preview', LIVE_PREVIEW],
    ['javascript:alert(1)', LIVE_PREVIEW],
  ])('live preview %j: %s', (link, expected) => {
    expect(verdict({ livePreview: link })).toBe(expected);
  });
});
