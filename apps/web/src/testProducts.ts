import type { ProductDetail, ProductSummary } from '@market/contracts';

/** Test data shaped like the contract's ProductSummary / ProductDetail. */
export function summary(n: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  const title = overrides.title?.en ?? `Game Number ${n}`;
  return {
    _id: `product_${String(n).padStart(4, '0')}`,
    slug: title.replace(/\s+/g, '-'),
    type: 'Games',
    category: 'Android',
    subCategory: 'Arcades',
    title: { en: title },
    thumbnail: `/files/images/thumb-${n}.webp`,
    singleAppLicense: 19.5,
    multiAppLicense: 49,
    reskinPrice: 150,
    livePreview: `https://example.com/preview/${n}`,
    authorName: 'Pixel Forge Studio',
    status: 'Approved',
    downloads: n,
    rating: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function detail(n: number, overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...summary(n),
    frameWork: 'Unity',
    description: { en: '<p>A <strong>fast</strong> arcade game.</p>' },
    keywords: { en: ['arcade'] },
    features: '<ul><li>Ten levels</li></ul>',
    featureImg: `/files/images/feature-${n}.webp`,
    screenshots: [`/files/images/shot-${n}-1.webp`, `/files/images/shot-${n}-2.webp`],
    youtubeLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.example',
    appStoreLink: null,
    developmentHours: 120,
    reskinFeatures: '<p>New art and sounds</p>',
    userId: { _id: 'user_alice_01', name: 'Alice' },
    updatedAt: '2026-03-02T12:00:00.000Z',
    latestRelease: { version: '1.0.0', publishedAt: '2026-03-01T12:00:00.000Z' },
    ...overrides,
  };
}
