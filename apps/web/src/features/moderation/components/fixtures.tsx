import type { ProductDetail, ProductSummary } from '@market/contracts';

export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    _id: 'product_0001',
    slug: 'Space-Racer',
    type: 'Games',
    category: 'Android',
    subCategory: 'Racing',
    title: { en: 'Space Racer' },
    thumbnail: '/files/images/thumb.webp',
    singleAppLicense: 49.99,
    multiAppLicense: 99,
    reskinPrice: null,
    livePreview: 'https://example.com/play',
    authorName: 'Pixel Forge',
    status: 'Pending',
    downloads: 0,
    rating: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...summary(),
    frameWork: 'Unity',
    description: { en: '<p>Fast racing.</p>' },
    keywords: { en: ['racing', 'space'] },
    features: '<p>Leaderboards</p>',
    featureImg: '/files/images/feature.webp',
    screenshots: ['/files/images/s1.webp'],
    youtubeLink: null,
    googlePlayLink: null,
    appStoreLink: null,
    developmentHours: 120,
    reskinFeatures: null,
    userId: { _id: 'user_alice_01', name: 'Alice Wonderland' },
    updatedAt: '2026-01-02T03:04:05.000Z',
    latestRelease: { version: '1.0.0', publishedAt: '2026-01-02T03:04:05.000Z' },
    ...overrides,
  };
}
