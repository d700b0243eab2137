/** Business constants of docs/product-spec.md section 9. */
export const LIMITS = {
  searchSuggestions: 6,
  searchResults: 6,
  navbarCollapseBreakpointPx: 992,
  headerNameLength: 10,
  autoplayMs: 4000,
  sliderAnimationMs: 1000,
  heroItems: 3,
  footerTopGames: 6,
  carouselToGridMaxItems: 3,
  popupTimerMs: 3000,
  uploadWizardSteps: 3,
  passwordMinLength: 8,
} as const;

export const WITHDRAWAL_FEE_PERCENT = 8;

/** Hours a buyer may download after purchase, per licence. */
export const DOWNLOAD_WINDOW_HOURS = {
  'Single App License': 8,
  'Multi App License': 24,
} as const;
