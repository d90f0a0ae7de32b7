// docs/product/subscription.md#plan: one paid plan, Pro. Prices live here only; every page that
// shows a price or the yearly saving reads it from this module.
export const PRO_MONTHLY_PRICE = 9.99;
export const PRO_YEARLY_PRICE = 99.99;
export const FREE_TRIAL_DAYS = 7;

/** round((1 - yearly / (12 × monthly)) × 100), i.e. 17. */
export const YEARLY_SAVING_PERCENT = Math.round((1 - PRO_YEARLY_PRICE / (12 * PRO_MONTHLY_PRICE)) * 100);

export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** About $8.33: the yearly price per month, rounded to cents. */
export const PRO_YEARLY_PER_MONTH = formatPrice(Math.round((PRO_YEARLY_PRICE / 12) * 100) / 100);

export const PRO_FEATURES = [
  "Unlimited events",
  "Unlimited team members",
  "Client access portal with permissions",
  "Shot lists and timelines",
  "Push notifications and reminders",
  "People and vendor management",
] as const;
