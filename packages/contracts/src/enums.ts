import { z } from 'zod';

/** Option lists of docs/product-spec.md section 3, in the order the pages show them. */

export const ROLES = ['User', 'Admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PRODUCT_TYPES = ['Games', 'Apps'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

export const CATEGORIES = ['Android', 'IOS', 'Unity'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const SUB_CATEGORIES = [
  'Arcades',
  'Card',
  'Puzzle',
  'Casual',
  'Action',
  'Family',
  'Adventure',
  'Racing',
  'Utilities',
  'Business',
  'Video',
  'Sports',
  'Shopping',
  'Point of Sale',
  'News & Magazine',
  'Dating',
  'Books',
] as const;
export const subCategorySchema = z.enum(SUB_CATEGORIES);
export type SubCategory = z.infer<typeof subCategorySchema>;

/** Frameworks offered by the upload form. */
export const UPLOAD_FRAMEWORKS = ['Native IOS', 'Native Android', 'Unity', 'Unreal Engine'] as const;

/** The edit dialog offers the upload frameworks and these on top. */
export const FRAMEWORKS = [
  ...UPLOAD_FRAMEWORKS,
  'Buildbox',
  'Cocos2d',
  'Corona',
  'Libgdx',
  'Godot',
  'Phaser',
  'Cocos2d-x',
  'CryEngine',
  'GameMaker Studio',
  'Construct',
  'Defold',
  'LÖVE',
  'MonoGame',
  'Spring Engine',
  'Panda3D',
] as const;
export const frameworkSchema = z.enum(FRAMEWORKS);
export type Framework = z.infer<typeof frameworkSchema>;

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ur', label: 'Urdu' },
  { code: 'ar', label: 'Arabic' },
  { code: 'fr', label: 'French' },
  { code: 'es', label: 'Spanish' },
  { code: 'zh', label: 'Chinese (Simplified)' },
  { code: 'zh_tw', label: 'Chinese (Traditional)' },
  { code: 'hi', label: 'Hindi' },
  { code: 'id', label: 'Indonesian' },
  { code: 'it', label: 'Italian' },
  { code: 'ja', label: 'Japanese' },
  { code: 'ko', label: 'Korean' },
  { code: 'pt', label: 'Portuguese' },
  { code: 'ru', label: 'Russian' },
  { code: 'tr', label: 'Turkish' },
  { code: 'vi', label: 'Vietnamese' },
] as const;
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [
  (typeof LANGUAGES)[number]['code'],
  ...(typeof LANGUAGES)[number]['code'][],
];
export const languageCodeSchema = z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof languageCodeSchema>;
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const PLATFORMS = [
  'Native IOS',
  'Native Android',
  'Buildbox',
  'Cocos2d',
  'Corona',
  'Libgdx',
  'Unity',
  'Unreal Engine',
  'Godot',
  'Phaser',
  'Cocos2d-x',
  'CryEngine',
  'GameMaker Studio',
  'Construct',
  'Defold',
  'LÖVE',
  'MonoGame',
  'Spring Engine',
  'Panda3D',
] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const PRODUCT_STATUSES = ['Approved', 'Pending', 'Rejected', 'ChangesRequested'] as const;
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof productStatusSchema>;

export const LICENSE_TYPES = ['Single App License', 'Multi App License'] as const;
export const licenseTypeSchema = z.enum(LICENSE_TYPES);
export type LicenseType = z.infer<typeof licenseTypeSchema>;

export const WITHDRAWAL_STATUSES = ['Pending', 'Success'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const CHAT_STATUSES = ['Open', 'Close'] as const;
export const chatStatusSchema = z.enum(CHAT_STATUSES);
export type ChatStatus = z.infer<typeof chatStatusSchema>;

export const MESSAGE_AUTHORS = ['User', 'Admin'] as const;
export const messageAuthorSchema = z.enum(MESSAGE_AUTHORS);
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

export const POPULAR_PERIODS = ['all', 'month', 'year'] as const;
export const popularPeriodSchema = z.enum(POPULAR_PERIODS);
export type PopularPeriod = z.infer<typeof popularPeriodSchema>;

/** Text booleans as docs/product-spec.md stores them on cart lines and purchases. */
export const textBooleanSchema = z.enum(['true', 'false']);
export type TextBoolean = z.infer<typeof textBooleanSchema>;
