import { describe, expect, it } from 'vitest';
import type { ProductFormValues } from './productFormValues';
import { productFormValuesSchema } from './productFormSchema';

const image = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** A filled upload form, as the inputs hold it. */
const filled = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  languages: ['en'],
  title: { en: 'Space Racer' },
  description: { en: '<p>Fast.</p>' },
  keywords: { en: 'racing' },
  type: 'Games',
  category: 'Android',
  subCategory: 'Racing',
  frameWork: 'Unity',
  features: '<p>Leaderboards</p>',
  youtubeLink: '',
  googlePlayLink: '',
  appStoreLink: '',
  livePreview: 'https://example.com/play',
  singleAppLicense: '49.99',
  multiAppLicense: '99',
  developmentHours: '',
  authorName: 'Pixel Forge',
  reskinFeatures: '',
  reskinPrice: '',
  version: '',
  featureImg: image('feature.png'),
  thumbnail: image('thumb.png'),
  sourceCode: new File(['PK'], 'game.zip', { type: 'application/zip' }),
  screenshots: [],
  ...changes,
});

const problems = (values: ProductFormValues) => {
  const result = productFormValuesSchema('upload').safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the upload form’s checks', () => {
  it('passes a filled form', () => {
    expect(problems(filled())).toEqual([]);
  });

  it('refuses a Multi App price below the Single one at the Multi field, as the server does', () => {
    expect(problems(filled({ singleAppLicense: '50', multiAppLicense: '40' }))).toEqual([
      ['multiAppLicense', 'The Multi App License price must be at least the Single App License price'],
    ]);
  });

  it('says what is wrong with development hours in words, not the validator’s', () => {
    expect(problems(filled({ developmentHours: '-1' }))).toEqual([
      ['developmentHours', 'Development hours must be a whole number from 0 to 100,000'],
    ]);
  });
});
