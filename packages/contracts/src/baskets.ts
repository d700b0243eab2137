import { z } from 'zod';
import { idSchema } from './common.js';
import { MAX_CART_LINES } from './commerce.js';
import { licenseTypeSchema, textBooleanSchema } from './enums.js';
import { productSummarySchema } from './products.js';

/**
 * A signed-in person's cart and wishlist belong to the account, so the next person on a shared
 * computer never sees them; a visitor's stay in the browser (docs/product-spec.md section 3).
 */
export const BASKET_KINDS = ['cart', 'wishlist'] as const;
export const basketKindSchema = z.enum(BASKET_KINDS);
export type BasketKind = z.infer<typeof basketKindSchema>;

/** One line as the browser sends it: which product, which licence, whether a reskin is wanted. */
export const basketLineSchema = z.strictObject({
  productId: idSchema,
  selectedLicense: licenseTypeSchema,
  isReskin: textBooleanSchema,
});
export type BasketLine = z.infer<typeof basketLineSchema>;

/** PUT (replace the list) and POST (add lines to it) of /api/cart and /api/wishlist. */
export const basketBodySchema = z.strictObject({
  items: z
    .array(basketLineSchema)
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} products per list`)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      message: 'A product appears twice in the list',
    }),
});
export type BasketBody = z.infer<typeof basketBodySchema>;

/** A stored line with the product's card, as the browser keeps it under `cartProduct` or `whishList`. */
export const basketItemSchema = productSummarySchema
  .omit({ rating: true, moderation: true })
  .extend({ selectedLicense: licenseTypeSchema, isReskin: textBooleanSchema })
  .meta({ id: 'BasketItem' });
export type BasketItem = z.infer<typeof basketItemSchema>;

export const basketSchema = z.object({ items: z.array(basketItemSchema) }).meta({ id: 'Basket' });
export type Basket = z.infer<typeof basketSchema>;
