/**
 * Every API path, spelled as docs/product-spec.md section 7 spells it (misspellings are the contract).
 * Paths with parameters use Fastify's `:name` syntax; `apiPath` fills them in.
 */
export const API_PATHS = {
  health: '/api/health',
  /** The process answers (for a supervisor that restarts dead processes). */
  healthLive: '/api/health/live',
  /** This instance should get traffic: its database (and Redis) answer and it is not draining. */
  healthReady: '/api/health/ready',
  docs: '/api/docs',
  user: {
    signIn: '/api/user/signIn',
    addUser: '/api/user/addUser',
    signOut: '/api/user/signOut',
    currentUser: '/api/user/currentUser',
    getUsers: '/api/user/getUsers',
    /** Mails a password reset link; the same answer whether or not the email has an account. */
    forgotPassword: '/api/user/forgotPassword',
    resetPassword: '/api/user/resetPassword',
    /** Paginated, searchable people lists (Admin). */
    listUsers: '/api/user/listUsers',
    purchasers: '/api/user/purchasers',
    purchaserPurchases: '/api/user/purchasers/:id/purchases',
    sellers: '/api/user/sellers',
    /** The signed-in seller's money. */
    earnings: '/api/user/earnings',
    sales: '/api/user/sales',
    /** A seller's account entry by entry, with the running balance (docs/decisions/0008). */
    statement: '/api/user/statement',
    statementCsv: '/api/user/statement.csv',
    /** The seller's views, carts, checkouts, sales, refunds and revenue per day, referrer, product and release (docs/decisions/0020). */
    analytics: '/api/user/analytics',
    analyticsCsv: '/api/user/analytics.csv',
    analyticsProducts: '/api/user/analytics/products',
  },
  /** Counted events of the storefront (docs/decisions/0020); views are `view.record`. */
  analytics: {
    cart: '/api/analytics/cart/:id',
  },
  /** Two-factor sign-in, step-up and the signed-in person's sessions (docs/decisions/0016). */
  security: {
    twoFactor: '/api/user/2fa',
    totp: '/api/user/2fa/totp',
    verify: '/api/user/2fa/verify',
    stepUp: '/api/user/2fa/step-up',
    /** The account's email and password, each after a fresh step-up. */
    email: '/api/user/email',
    password: '/api/user/password',
    sessions: '/api/user/sessions',
    session: '/api/user/sessions/:id',
  },
  withdraw: {
    request: '/api/withdraw/withdrawDetil',
    list: '/api/withdraw/allWithdrawls',
    updateStatus: '/api/withdraw/updateStatus/:id',
  },
  product: {
    list: '/api/product/uploaded-products',
    upload: '/api/product/uploadProduct',
    edit: '/api/product/editProduct/:id',
    approve: '/api/product/approved-product/:id',
    reject: '/api/product/reject-product/:id',
    requestChanges: '/api/product/request-changes/:id',
    pendingChanges: '/api/product/pending-changes',
    approveChange: '/api/product/pending-changes/:changeId/approve',
    rejectChange: '/api/product/pending-changes/:changeId/reject',
    moderationLog: '/api/product/:id/moderation-log',
    remove: '/api/product/delProduct/:id',
    popular: '/api/product/popular',
    updateDownloads: '/api/product/updateProductDownloads',
    search: '/api/product/search',
    searchResults: '/api/product/search/results',
    bySlug: '/api/product/by-slug/:slug',
    listing: '/api/product/listing/:slug',
    portfolio: '/api/product/portfolio/:slug',
    subCategories: '/api/product/sub-categories',
    sourceCode: '/api/product/:id/source-code',
    releases: '/api/product/:id/releases',
    pendingReleases: '/api/product/releases/pending',
    approveRelease: '/api/product/releases/:releaseId/approve',
    rejectRelease: '/api/product/releases/:releaseId/reject',
    inside: '/api/product/:id/inside',
    alsoBought: '/api/product/:id/also-bought',
    archiveChecks: '/api/product/archive-checks',
    byId: '/api/product/:id',
  },
  notification: {
    mine: '/api/notification/mine',
    markRead: '/api/notification/markRead',
    stream: '/api/notification/stream',
  },
  /** A signed-in person's cart and wishlist: GET the list, PUT to replace it, POST to add lines (sign-in merge). */
  basket: {
    cart: '/api/cart',
    /** The cart priced as the checkout prices it, with a discount code. */
    price: '/api/cart/price',
    wishlist: '/api/wishlist',
  },
  view: {
    record: '/api/view/GameView/:id',
    counts: '/api/view/getGameView',
  },
  /** A seller's sales: a percent off some products for a period. */
  sale: {
    list: '/api/sale',
    one: '/api/sale/:id',
  },
  /** A seller's bundles: some of their products at one price (docs/decisions/0011). */
  bundle: {
    list: '/api/bundle',
    one: '/api/bundle/:id',
  },
  /** A seller's account as a studio with members in roles (docs/decisions/0018). */
  studio: {
    create: '/api/studio',
    members: '/api/studio/members',
    member: '/api/studio/members/:id',
    accept: '/api/studio/invitations/:token/accept',
    audit: '/api/studio/audit',
    /** The studios the signed-in person belongs to, and the one they act for. */
    mine: '/api/user/studios',
    active: '/api/user/active-studio',
  },
  /** Custom work as an escrowed order: quote, fund, deliver, accept (docs/decisions/0013). */
  /** A seller's signed webhook endpoints and their deliveries (docs/decisions/0015). */
  webhooks: {
    endpoints: '/api/webhooks/endpoints',
    endpoint: '/api/webhooks/endpoints/:id',
    test: '/api/webhooks/endpoints/:id/test',
    deliveries: '/api/webhooks/endpoints/:id/deliveries',
    replay: '/api/webhooks/deliveries/:id/replay',
  },
  /** A person's passkeys (WebAuthn, docs/decisions/0017): registered while signed in, then enough to sign in alone. */
  passkeys: {
    list: '/api/user/passkeys',
    one: '/api/user/passkeys/:id',
    registrationOptions: '/api/user/passkeys/registration/options',
    registrationVerify: '/api/user/passkeys/registration/verify',
    authenticationOptions: '/api/user/passkeys/authentication/options',
    authenticationVerify: '/api/user/passkeys/authentication/verify',
    /** A fresh second factor for the calls that ask for one (docs/decisions/0016), with the options above. */
    stepUp: '/api/user/passkeys/authentication/step-up',
  },
  customWork: {
    list: '/api/custom-work',
    mine: '/api/custom-work/mine',
    requests: '/api/custom-work/requests',
    one: '/api/custom-work/:id',
    accept: '/api/custom-work/:id/accept',
    deliver: '/api/custom-work/:id/deliver',
    acceptDelivery: '/api/custom-work/:id/accept-delivery',
    requestChanges: '/api/custom-work/:id/request-changes',
    cancel: '/api/custom-work/:id/cancel',
    dispute: '/api/custom-work/:id/dispute',
    resolve: '/api/custom-work/:id/resolve',
    download: '/api/custom-work/:id/deliveries/:deliveryId/download',
    /** A dispute's evidence: POST a message with an optional file; GET one file. */
    evidence: '/api/custom-work/:id/evidence',
    evidenceFile: '/api/custom-work/:id/evidence/:evidenceId',
    /** The buyer's review of the work, once its money went to the seller. */
    review: '/api/custom-work/:id/review',
    /** GET ?productId=: the reviews of custom work done on a product, for its page. */
    reviews: '/api/custom-work/reviews',
  },
  /** A seller's discount codes, and the admins' platform-wide ones. */
  discount: {
    list: '/api/discount',
    one: '/api/discount/:id',
    platform: '/api/discount/platform',
    platformOne: '/api/discount/platform/:id',
  },
  /** Sellers' payouts: holds with their reasons, and the seller's status (docs/decisions/0012). */
  payout: {
    holds: '/api/payout/holds',
    hold: '/api/payout/holds/:id',
    status: '/api/payout/status',
  },
  payment: {
    config: '/api/payment/config',
    createIntent: '/api/payment/create-payment-intent',
    simulatedConfirm: '/api/payment/simulated/confirm',
    webhook: '/api/payment/webhook',
  },
  purchase: {
    list: '/api/purchase/allPurchases',
    record: '/api/purchase/purchaseDetail',
    updateDownload: '/api/purchase/updateDownload',
    download: '/api/purchase/download/:purchaseId/:productId',
    refund: '/api/purchase/refund',
    refundRequest: '/api/purchase/refundRequest',
    refundRequests: '/api/purchase/refundRequests',
    declineRefundRequest: '/api/purchase/refundRequests/:id/decline',
  },
  licence: {
    mine: '/api/licence/mine',
    tokens: '/api/licence/tokens',
    token: '/api/licence/tokens/:id',
    verify: '/api/licence/verify',
    byCode: '/api/licence/:code',
    apps: '/api/licence/:code/apps',
    app: '/api/licence/:code/apps/:appId',
    revoke: '/api/licence/:code/revoke',
    certificate: '/api/licence/:code/certificate.pdf',
    upgrade: '/api/licence/:code/upgrade',
  },
  reskin: {
    send: '/api/reskin/reskinFeatureUser',
    allConversations: '/api/reskin/allReskinUsers',
    myConversations: '/api/reskin/myConversations',
    messages: '/api/reskin/messages',
    markAdminMessagesAsRead: '/api/reskin/markAdminMessagesAsRead',
    markUserMessagesAsRead: '/api/reskin/markUserMessagesAsRead',
    updateStatus: '/api/reskin/updateStatus',
    attachment: '/api/reskin/attachment/:id',
    /** Server-sent events of the conversations the signed-in user may see. */
    stream: '/api/reskin/stream',
  },
  review: {
    ofProduct: '/api/review/product/:productId',
    add: '/api/review/addReview',
    byId: '/api/review/:id',
    reply: '/api/review/:id/reply',
    hide: '/api/review/:id/hide',
    unhide: '/api/review/:id/unhide',
  },
  comment: {
    add: '/api/comment/addComment',
    all: '/api/comment/allComments',
  },
  contact: {
    /** POST sends a message; GET lists them (Admin only). */
    messages: '/api/contact',
  },
  developer: {
    hire: '/api/developer/hireADeveloper',
    all: '/api/developer/allDevelopers',
    byId: '/api/developer/developerById/:id',
  },
  /** A seller's Stripe Connect account for payouts (docs/decisions/0012). */
  payoutAccount: {
    account: '/api/payout/account',
    /** The seller's available balance sent through Stripe now (POST), and their payouts (GET …s). */
    transfer: '/api/payout/transfer',
    transfers: '/api/payout/transfers',
  },
  /** Stripe's balance transactions compared with the ledger (docs/decisions/0012, "Reconciliation"; Admin). */
  reconciliation: {
    /** The last run and its differences. */
    status: '/api/reconciliation',
    /** Runs it now. */
    run: '/api/reconciliation/run',
  },
  /** The public API for sellers' programs, Bearer tokens only (docs/decisions/0014). */
  v1: {
    licenceVerify: '/api/v1/licences/verify',
    licence: '/api/v1/licences/:code',
    licenceRevoke: '/api/v1/licences/:code/revoke',
    products: '/api/v1/products',
    product: '/api/v1/products/:id',
    /** A product's releases: publish one (POST, multipart) or list them (GET). */
    productReleases: '/api/v1/products/:id/releases',
    sales: '/api/v1/sales',
    /** One sale: the `orderId` of the sales list. */
    sale: '/api/v1/sales/:id',
    reviews: '/api/v1/reviews',
    reviewReply: '/api/v1/reviews/:id/reply',
    statement: '/api/v1/statement',
  },
  files: {
    /** Public images, by storage key. */
    image: '/files/images/:key',
  },
} as const;

export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
