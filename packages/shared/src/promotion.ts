import type { CarMake } from './makes.ts';

/*
 * The one home of the promotion: which model, how much off. The home page announces it; the
 * cards, the filter page, the car page and the estimate apply it. It takes a share off the
 * ride's price only: the deposit stays the fees plus one dollar (docs/product.md, Promotion).
 * What the car page alone needs (the discounted amounts) is in ride-estimate.ts: this module
 * is in the home page's first chunk, and every export of it used anywhere would land there.
 */

/** The model the home page promotes at 20% off for a limited time. */
export const PROMOTED_MAKE: CarMake = 'Tesla';
export const PROMOTION_PERCENT = 20;

/** The share off a car's ride prices in percent: the promotion's for its model, else 0. */
export function promotionPercentFor(model: string): number {
  return model === PROMOTED_MAKE ? PROMOTION_PERCENT : 0;
}
