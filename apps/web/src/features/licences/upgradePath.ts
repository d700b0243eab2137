/** The upgrade's checkout (docs/decisions/0010): the cart's card step, for one licence's Single → Multi upgrade. */
export const upgradeCheckoutPath = (code: string) => `/checkout/upgrade/${code}`;
