// The platform's balance transactions, as Stripe's GET /v1/balance_transactions lists them: one for each
// movement of the platform's balance (a charge, a refund, a transfer to a connected account and its
// reversal, a dispute's withdrawal and reinstatement, a top-up), each naming the object that moved it as
// `source`. Reconciliation compares them with the ledger. The fake takes no fee: `net` is `amount`, and
// every transaction is available at once.
import { randomBytes } from 'node:crypto';
import { pageOf } from './connect.mjs';

/** Stripe's reporting category of each type the fake records. */
const CATEGORIES = {
  charge: 'charge',
  refund: 'refund',
  transfer: 'transfer',
  transfer_refund: 'transfer_reversal',
  topup: 'topup',
};

/** Whether the request asks for `field` expanded (`expand[]=…` or `expand[0]=…`, as Stripe's clients send it). */
const expands = (query, field) => [...query].some(([name, value]) => name.startsWith('expand[') && value === field);

/**
 * `sourceOf(id)` answers the object a transaction's source names (a charge, a refund …) for
 * `expand[]=data.source`, or null where the fake keeps no such object (the id stays).
 */
export function createBalanceTransactions({ now, sourceOf = () => null }) {
  /** Oldest first. */
  const recorded = [];

  /**
   * Records a movement of `amount` cents (negative when money leaves the platform) and answers it;
   * disputes are `adjustment`s with the category given (`dispute`, `dispute_reversal`).
   */
  function record({ type, amount, currency, source, description = null, reportingCategory = CATEGORIES[type] }) {
    const created = Math.floor(now().getTime() / 1000);
    const transaction = {
      id: `txn_${randomBytes(12).toString('hex')}`,
      object: 'balance_transaction',
      amount,
      available_on: created,
      created,
      currency,
      description,
      exchange_rate: null,
      fee: 0,
      fee_details: [],
      net: amount,
      reporting_category: reportingCategory,
      source,
      status: 'available',
      type,
    };
    recorded.push(transaction);
    return transaction;
  }

  /** `created[gte|gt|lte|lt]`, `type`, `source` and `currency` narrow the list; newest first, paged as Stripe pages. */
  function list(query) {
    const bound = (name) => (query.get(`created[${name}]`) === null ? null : Number(query.get(`created[${name}]`)));
    const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
    const exact = query.get('created') === null ? null : Number(query.get('created'));
    const matches = (transaction) =>
      (exact === null || transaction.created === exact) &&
      (gte === null || transaction.created >= gte) &&
      (gt === null || transaction.created > gt) &&
      (lte === null || transaction.created <= lte) &&
      (lt === null || transaction.created < lt) &&
      ['type', 'source', 'currency'].every((field) => query.get(field) === null || transaction[field] === query.get(field));
    const page = pageOf(recorded.filter(matches).toReversed(), '/v1/balance_transactions', query);
    return expands(query, 'data.source') ? { ...page, data: page.data.map(withSource) } : page;
  }

  const withSource = (transaction) => ({ ...transaction, source: sourceOf(transaction.source) ?? transaction.source });

  /** Stripe API routes of balance transactions; null when the request is none of them. */
  function route({ method, path, query }) {
    if (method !== 'GET') return null;
    if (path === '/v1/balance_transactions') return { status: 200, body: list(query) };
    const match = /^\/v1\/balance_transactions\/([^/]+)$/.exec(path);
    if (!match) return null;
    const id = decodeURIComponent(match[1]);
    const found = recorded.find((transaction) => transaction.id === id);
    if (found) return { status: 200, body: expands(query, 'source') ? withSource(found) : found };
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such balance transaction: '${id}'` },
      },
    };
  }

  return { recorded, record, route };
}
