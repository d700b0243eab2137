// Stripe Connect as a platform paying Express accounts sees it: accounts, onboarding through account
// links, transfers and their reversals, the platform's balance, disputes on its charges.
// Modelled on Stripe's API reference; where the reference does not say, the fake chooses and says so.
import { randomBytes } from 'node:crypto';

const idOf = (prefix, bytes = 8) => `${prefix}_${randomBytes(bytes).toString('hex')}`;
const seconds = (date) => Math.floor(date.getTime() / 1000);
const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;

/** How long an account link can be followed: Stripe's expire a few minutes after they are made. */
export const ACCOUNT_LINK_SECONDS = 300;

/** What Stripe asks of a new Express account before it may receive transfers. */
export const ONBOARDING_REQUIREMENTS = [
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const missing = (param) => ({
  status: 400,
  saved: false,
  body: { error: { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` } },
});
const invalid = (param, message, code = 'parameter_invalid') => ({
  status: 400,
  saved: false,
  body: { error: { type: 'invalid_request_error', code, param, message } },
});
const noSuch = (status, kind, id, param = 'id') => ({
  status,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` } },
});
const ok = (body) => ({ status: 200, body });

/** Stripe's `metadata[key]=value` form fields as an object. */
export function metadataOf(form) {
  const metadata = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

/** A positive integer amount of cents, or the error Stripe gives. */
function centsOf(form, param = 'amount') {
  const raw = form.get(param);
  if (raw === null || raw === '') return { error: missing(param) };
  if (!/^\d+$/.test(raw) || Number(raw) < 1) return { error: invalid(param, 'Invalid positive integer', 'parameter_invalid_integer') };
  return { cents: Number(raw) };
}

/** One page of a list, newest first, as Stripe pages: `limit` (1–100, default 10) and `starting_after`. */
export function pageOf(newestFirst, url, query) {
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10) || 10));
  const after = query.get('starting_after');
  const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const data = newestFirst.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < newestFirst.length, url };
}

/** The attributes of `before` that `after` changed, as Stripe's `previous_attributes`: nested objects partly, arrays whole. */
function changes(before, after) {
  const previous = {};
  for (const [name, value] of Object.entries(before)) {
    if (JSON.stringify(value) === JSON.stringify(after[name])) continue;
    const nested = value && typeof value === 'object' && !Array.isArray(value) && after[name] && typeof after[name] === 'object';
    previous[name] = nested ? changes(value, after[name]) : value;
  }
  return previous;
}

/** What finishing Stripe's onboarding does to an Express account in test mode: nothing more is due. */
function onboard(account) {
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
  account.requirements = { ...account.requirements, currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
}

/**
 * The Connect side of the fake. `intents` are the payment intents (the platform's charges);
 * `events` records and delivers what changed; `balance` records each movement of the platform's balance.
 */
export function createConnect({ now, intents, events, balance }) {
  const accounts = new Map();
  const links = new Map();
  const transfers = new Map();
  const disputes = new Map();
  /** Every reversal of each transfer, newest first (the transfer itself carries ten). */
  const reversals = new Map();
  /** Funds added by hand, as a test card that settles at once adds them in Stripe's test mode. */
  const topUps = [];

  const created = () => seconds(now());

  /** Records `type` for `object` and sends it once the current answer is out; resolves to the delivery. */
  function emit(type, object, options) {
    return events.dispatch(events.record(type, object, options));
  }

  /** The platform's available balance in `currency`: what its charges kept, less what it sent and what disputes hold. */
  function available(currency) {
    let cents = 0;
    for (const intent of intents.values()) {
      if (intent.status === 'succeeded' && intent.currency === currency) cents += intent.amount - (intent.amount_refunded ?? 0);
    }
    for (const transfer of transfers.values()) {
      if (transfer.currency === currency) cents -= transfer.amount - transfer.amount_reversed;
    }
    for (const dispute of disputes.values()) {
      if (dispute.currency === currency && dispute.status !== 'won') cents -= dispute.amount;
    }
    for (const topUp of topUps) if (topUp.currency === currency) cents += topUp.amount;
    return cents;
  }

  /** What a connected account holds: its transfers less their reversals (the fake pays nothing out of it). */
  function accountBalance(accountId, currency) {
    let cents = 0;
    for (const transfer of transfers.values()) {
      if (transfer.destination === accountId && transfer.currency === currency) cents += transfer.amount - transfer.amount_reversed;
    }
    return cents;
  }

  function balanceOf(accountId) {
    const currencies = new Set(['usd']);
    for (const intent of intents.values()) if (intent.currency) currencies.add(intent.currency);
    for (const transfer of transfers.values()) currencies.add(transfer.currency);
    const amounts = [...currencies].map((currency) => ({
      currency,
      amount: accountId ? accountBalance(accountId, currency) : available(currency),
    }));
    return {
      object: 'balance',
      available: amounts.map(({ currency, amount }) => ({ amount, currency, source_types: { card: amount } })),
      pending: amounts.map(({ currency }) => ({ amount: 0, currency, source_types: { card: 0 } })),
      livemode: false,
    };
  }

  /** Changes an account and records `account.updated` with what it was before; resolves to the delivery. */
  function updateAccount(account, change, request) {
    const before = structuredClone(account);
    change(account);
    const previousAttributes = changes(before, account);
    if (Object.keys(previousAttributes).length === 0) return Promise.resolve(null);
    return emit('account.updated', account, { account: account.id, previousAttributes, request });
  }

  function createAccount({ form }) {
    const type = form.get('type');
    if (!type) return missing('type');
    if (!['express', 'standard', 'custom'].includes(type))
      return invalid('type', `Invalid type: must be one of custom, express, or standard`);
    const capabilities = {};
    for (const [name, value] of form) {
      const match = /^capabilities\[(\w+)\]\[requested\]$/.exec(name);
      if (match && value === 'true') capabilities[match[1]] = 'inactive';
    }
    const account = {
      id: idOf('acct'),
      object: 'account',
      type,
      country: form.get('country') ?? 'US',
      email: form.get('email'),
      default_currency: 'usd',
      business_type: form.get('business_type'),
      capabilities,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: [...ONBOARDING_REQUIREMENTS],
        disabled_reason: 'requirements.past_due',
        errors: [],
        eventually_due: [...ONBOARDING_REQUIREMENTS],
        past_due: [...ONBOARDING_REQUIREMENTS],
        pending_verification: [],
      },
      metadata: metadataOf(form),
      created: created(),
    };
    accounts.set(account.id, account);
    return ok(account);
  }

  function retrieveAccount(id) {
    const account = accounts.get(id);
    if (account) return ok(account);
    // Stripe answers an account that is not the platform's, or not at all, as a permission error.
    return {
      status: 403,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
        },
      },
    };
  }

  function createAccountLink({ form, origin }) {
    const accountId = form.get('account');
    if (!accountId) return missing('account');
    const type = form.get('type');
    if (!type) return missing('type');
    if (type !== 'account_onboarding') {
      // Express accounts update their details in their Express Dashboard; `account_update` links are for custom ones.
      return invalid('type', `The fake Stripe makes account links of type account_onboarding only, not '${type}'.`);
    }
    for (const param of ['refresh_url', 'return_url']) if (!form.get(param)) return missing(param);
    const account = accounts.get(accountId);
    if (!account) return noSuch(400, 'account', accountId, 'account');
    const token = idOf('alu', 12);
    const link = {
      token,
      account: accountId,
      refreshUrl: form.get('refresh_url'),
      returnUrl: form.get('return_url'),
      created: created(),
      expiresAt: created() + ACCOUNT_LINK_SECONDS,
      used: false,
    };
    links.set(token, link);
    return ok({
      object: 'account_link',
      created: link.created,
      expires_at: link.expiresAt,
      url: `${origin}/connect/onboarding/${accountId}/${token}`,
    });
  }

  /**
   * Following an account link: a link already followed, or past its expiry, sends the browser to
   * `refresh_url` (the platform makes a new link there); a fresh one finishes onboarding, tells the
   * webhook endpoint (before the browser is sent back, so the return page sees the change), and
   * sends the browser to `return_url`.
   */
  async function followAccountLink(accountId, token) {
    const link = links.get(token);
    if (!link || link.account !== accountId)
      return { status: 404, html: '<!doctype html><title>Link not found</title><h1>This link is not valid.</h1>' };
    if (link.used || created() > link.expiresAt) return { status: 302, location: link.refreshUrl };
    link.used = true;
    await updateAccount(accounts.get(accountId), onboard);
    return { status: 302, location: link.returnUrl };
  }

  function createTransfer({ form, request }) {
    const amount = centsOf(form);
    if (amount.error) return amount.error;
    const currency = form.get('currency');
    if (!currency) return missing('currency');
    const destination = form.get('destination');
    if (!destination) return missing('destination');
    const account = accounts.get(destination);
    if (!account) return noSuch(400, 'destination', destination, 'destination');
    if (account.capabilities.transfers !== 'active' && account.capabilities.legacy_payments !== 'active') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'insufficient_capabilities_for_transfer',
            message:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          },
        },
      };
    }
    if (amount.cents > available(currency)) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'balance_insufficient',
            message:
              'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
          },
        },
      };
    }
    const id = idOf('tr', 12);
    const transfer = {
      id,
      object: 'transfer',
      amount: amount.cents,
      amount_reversed: 0,
      balance_transaction: balance.record({ type: 'transfer', amount: -amount.cents, currency, source: id }).id,
      created: created(),
      currency,
      description: form.get('description'),
      destination,
      destination_payment: idOf('py', 12),
      livemode: false,
      metadata: metadataOf(form),
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: form.get('source_transaction'),
      source_type: 'card',
      transfer_group: form.get('transfer_group'),
    };
    transfers.set(id, transfer);
    void emit('transfer.created', transfer, { request });
    return ok(transfer);
  }

  /** Reverses `cents` of a transfer (all that remains when null); `request` is null for one made in the dashboard. */
  function reverse(transfer, cents, metadata, request) {
    const remaining = transfer.amount - transfer.amount_reversed;
    const amount = cents ?? remaining;
    if (remaining === 0 || amount > remaining) {
      const message =
        remaining === 0
          ? `Transfer ${transfer.id} has already been fully reversed.`
          : `Transfer reversal amount (${dollars(amount)}) is greater than unreversed amount on transfer (${dollars(remaining)})`;
      return { status: 400, body: { error: { type: 'invalid_request_error', param: 'amount', message } } };
    }
    const reversalId = idOf('trr', 12);
    const reversal = {
      id: reversalId,
      object: 'transfer_reversal',
      amount,
      balance_transaction: balance.record({ type: 'transfer_refund', amount, currency: transfer.currency, source: reversalId }).id,
      created: created(),
      currency: transfer.currency,
      destination_payment_refund: idOf('pyr', 12),
      metadata,
      source_refund: null,
      transfer: transfer.id,
    };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    // The transfer carries its ten newest reversals; the rest are listed by GET …/reversals.
    transfer.reversals.has_more = transfer.reversals.total_count > 10;
    if (transfer.reversals.data.length > 10) transfer.reversals.data.length = 10;
    reversals.set(transfer.id, [reversal, ...(reversals.get(transfer.id) ?? [])]);
    return { status: 200, body: reversal, event: emit('transfer.reversed', transfer, { request }) };
  }

  function createReversal(transferId, { form, request }) {
    const transfer = transfers.get(transferId);
    if (!transfer) return noSuch(404, 'transfer', transferId);
    let cents = null;
    if (form.get('amount') !== null) {
      const amount = centsOf(form);
      if (amount.error) return amount.error;
      cents = amount.cents;
    }
    const { status, body } = reverse(transfer, cents, metadataOf(form), request);
    return { status, body };
  }

  function openDispute(intentId, { amount, reason = 'fraudulent' } = {}) {
    const intent = intents.get(intentId);
    if (!intent || intent.status !== 'succeeded') throw new Error(`No succeeded payment intent ${intentId} to dispute`);
    const dispute = {
      id: idOf('dp', 12),
      object: 'dispute',
      amount: amount ?? intent.amount - (intent.amount_refunded ?? 0),
      charge: `ch_${intent.id}`,
      created: created(),
      currency: intent.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: intent.id,
      reason,
      status: 'needs_response',
    };
    disputes.set(dispute.id, dispute);
    // As Stripe's dispute object: the balance transactions of its withdrawal and of any reinstatement.
    dispute.balance_transactions = [
      balance.record({
        type: 'adjustment',
        reportingCategory: 'dispute',
        amount: -dispute.amount,
        currency: dispute.currency,
        source: dispute.id,
      }),
    ];
    return dispute;
  }

  /** Stripe API routes of Connect; null when the request is none of them. */
  function route({ method, path, query, form, origin, request, connectedAccount }) {
    if (method === 'POST' && path === '/v1/accounts') return { idempotent: true, run: () => createAccount({ form }) };
    let match = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return { run: () => retrieveAccount(decodeURIComponent(match[1])) };
    if (method === 'POST' && path === '/v1/account_links') return { idempotent: true, run: () => createAccountLink({ form, origin }) };
    if (method === 'POST' && path === '/v1/transfers') return { idempotent: true, run: () => createTransfer({ form, request }) };
    if (method === 'GET' && path === '/v1/transfers') {
      const destination = query.get('destination');
      const group = query.get('transfer_group');
      const listed = [...transfers.values()]
        .filter((transfer) => (!destination || transfer.destination === destination) && (!group || transfer.transfer_group === group))
        .toReversed();
      return { run: () => ok(pageOf(listed, '/v1/transfers', query)) };
    }
    match = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const transfer = transfers.get(decodeURIComponent(match[1]));
      return { run: () => (transfer ? ok(transfer) : noSuch(404, 'transfer', match[1])) };
    }
    match = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && match) return { idempotent: true, run: () => createReversal(decodeURIComponent(match[1]), { form, request }) };
    if (method === 'GET' && match) {
      const transfer = transfers.get(decodeURIComponent(match[1]));
      return {
        run: () =>
          transfer ? ok(pageOf(reversals.get(transfer.id) ?? [], transfer.reversals.url, query)) : noSuch(404, 'transfer', match[1]),
      };
    }
    // With a Stripe-Account header the balance asked for is the connected account's.
    if (method === 'GET' && path === '/v1/balance') return { run: () => ok(balanceOf(connectedAccount)) };
    match = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const dispute = disputes.get(decodeURIComponent(match[1]));
      return { run: () => (dispute ? ok(dispute) : noSuch(404, 'dispute', match[1])) };
    }
    return null;
  }

  /** Test controls: what happens at Stripe without the platform asking. Each resolves once its webhooks were answered. */
  const controls = {
    /** Sets what Stripe asks of an account; transfers and payouts stop while it is disabled, unless said otherwise. */
    setRequirements(accountId, requirements) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`No account ${accountId}`);
      const { payouts_enabled, charges_enabled, transfers: transfersCapability, ...due } = requirements;
      return updateAccount(account, () => {
        account.requirements = { ...account.requirements, ...due };
        const disabled = Boolean(account.requirements.disabled_reason);
        account.payouts_enabled = payouts_enabled ?? (disabled ? false : account.details_submitted);
        account.charges_enabled = charges_enabled ?? (disabled ? false : account.details_submitted);
        if (transfersCapability) account.capabilities.transfers = transfersCapability;
        else if ('transfers' in account.capabilities && (disabled || account.details_submitted)) {
          account.capabilities.transfers = disabled ? 'inactive' : 'active';
        }
      }).then(() => account);
    },
    /** What following a fresh account link does, for tests without a browser. */
    completeOnboarding(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`No account ${accountId}`);
      return updateAccount(account, onboard).then(() => account);
    },
    /** A reversal made in Stripe's dashboard: `transfer.reversed` reaches the platform, nothing of it asked. */
    async reverseInDashboard(transferId, cents) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`No transfer ${transferId}`);
      const outcome = reverse(transfer, cents ?? null, {}, null);
      if (outcome.status !== 200) throw new Error(outcome.body.error.message);
      await outcome.event;
      return outcome.body;
    },
    /** A buyer's bank disputes a charge: the amount leaves the platform's balance until the dispute is won. */
    async openDispute(intentId, options) {
      const dispute = openDispute(intentId, options);
      await emit('charge.dispute.created', dispute);
      await emit('charge.dispute.funds_withdrawn', dispute);
      return dispute;
    },
    /** The bank decides: won gives the amount back to the platform's balance, lost keeps it. */
    async closeDispute(disputeId, outcome) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`No dispute ${disputeId}`);
      if (outcome !== 'won' && outcome !== 'lost') throw new Error(`A dispute closes won or lost, not ${outcome}`);
      dispute.status = outcome;
      if (outcome === 'won') {
        dispute.balance_transactions.push(
          balance.record({
            type: 'adjustment',
            reportingCategory: 'dispute_reversal',
            amount: dispute.amount,
            currency: dispute.currency,
            source: dispute.id,
          }),
        );
      }
      await emit('charge.dispute.closed', dispute);
      if (outcome === 'won') await emit('charge.dispute.funds_reinstated', dispute);
      return dispute;
    },
    /** Funds the platform's available balance, as charging Stripe's 4000000000000077 test card does. */
    addAvailableBalance(cents, currency = 'usd') {
      topUps.push({ amount: cents, currency });
      balance.record({ type: 'topup', amount: cents, currency, source: idOf('tu', 12) });
      return balanceOf(null);
    },
  };

  /** A transfer, a transfer reversal or a dispute by its id, as `expand[]=data.source` shows a balance transaction's source; null for any other. */
  function sourceOf(id) {
    return transfers.get(id) ?? disputes.get(id) ?? [...reversals.values()].flat().find((reversal) => reversal.id === id) ?? null;
  }

  return { accounts, transfers, disputes, route, followAccountLink, balanceOf, sourceOf, controls };
}
