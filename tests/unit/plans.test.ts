import { describe, expect, it } from "vitest";
import {
  formatPrice,
  PRO_MONTHLY_PRICE,
  PRO_YEARLY_PER_MONTH,
  PRO_YEARLY_PRICE,
  YEARLY_SAVING_PERCENT,
} from "~/modules/billing/plans";

describe("Pro plan prices (docs/product/subscription.md#plan)", () => {
  it("are $9.99 a month and $99.99 a year", () => {
    expect(formatPrice(PRO_MONTHLY_PRICE)).toBe("$9.99");
    expect(formatPrice(PRO_YEARLY_PRICE)).toBe("$99.99");
  });

  it("computes the yearly saving as 17%", () => {
    expect(YEARLY_SAVING_PERCENT).toBe(17);
  });

  it("shows the yearly plan as about $8.33 a month", () => {
    expect(PRO_YEARLY_PER_MONTH).toBe("$8.33");
  });
});
