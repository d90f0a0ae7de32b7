// docs/product/messages.md#account: what deleting an account answers. Client-safe.

export const ACCOUNT_DELETED = "Your account has been deleted";
export const NO_FURTHER_CHARGE = "Your subscription was cancelled: no further charge will be made.";
export const PASSWORD_INCORRECT = "Password is incorrect";
export const ACCOUNT_NOT_DELETED = "Your account was not deleted";
export const STRIPE_UNREACHABLE = "We could not cancel your subscription with Stripe, so nothing was deleted. Please try again in a moment.";
