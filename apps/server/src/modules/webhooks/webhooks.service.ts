import {
  MAX_WEBHOOK_ENDPOINTS,
  type SessionUser,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AfterCommit, InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { checkHost, type Resolve, systemResolve } from './addresses.js';
import { ownsEndpoint } from './policies.js';
import { postTo, type PostOutcome } from './post.js';
import { newSecret, signatureHeader } from './signing.js';
import { endpointDisabledMail, endpointDisabledNotice } from './webhook-notices.js';
import { type DeliveryRow, type DueDelivery, type EndpointRow, WebhooksRepository } from './webhooks.repository.js';

/**
 * When a failed delivery is tried again, counted from the failure (docs/decisions/0015): quickly at
 * first (a receiver restarting), then further apart, about three days in all; after the last the
 * delivery has failed and its endpoint is turned off.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
];

/** What another module needs to tell sellers' endpoints of an event, inside the event's own transaction. */
export type WebhookEvents = Pick<WebhooksService, 'emit'>;

/** How long the secret before a rotation still signs: a day for the seller to deploy the new one. */
export const ROTATION_OVERLAP_MS = DAY_MS;

/**
 * How long a claimed delivery belongs to its sender: longer than one attempt can take (10 s timeout),
 * short enough that a sender that crashed mid-attempt leaves it to another within a minute.
 */
export const CLAIM_LEASE_MS = 60_000;

/** Deliveries claimed per round; the rest wait for the next round. */
const ROUND_SIZE = 20;

export interface WebhooksServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
  notifications: Pick<NotificationsService, 'queue'>;
  mail: Pick<MailOutbox, 'queue'>;
  publicUrl: string;
  settings: { allowPrivate: boolean; httpsOnly: boolean };
  /** How host names are resolved; the system's resolver unless a test stubs it. */
  resolve?: Resolve;
}

/**
 * Sellers' signed webhooks (docs/decisions/0015): endpoints, an outbox of deliveries written in the
 * transaction of the event they tell of, and the sender. Every instance runs the sender; a delivery
 * is attempted only by the instance whose guarded update claimed it.
 */
export class WebhooksService {
  private readonly repository: WebhooksRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'warn'>;
  private readonly notifications: Pick<NotificationsService, 'queue'>;
  private readonly mail: Pick<MailOutbox, 'queue'>;
  private readonly publicUrl: string;
  private readonly settings: { allowPrivate: boolean; httpsOnly: boolean };
  private readonly resolve: Resolve;
  /** This instance's name on its claims. */
  private readonly senderId = newId();
  private round: Promise<void> | null = null;
  private again = false;

  constructor({ db, inTransaction, clock, log, notifications, mail, publicUrl, settings, resolve }: WebhooksServiceDependencies) {
    this.repository = new WebhooksRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.log = log;
    this.notifications = notifications;
    this.mail = mail;
    this.publicUrl = publicUrl;
    this.settings = settings;
    this.resolve = resolve ?? systemResolve;
  }

  async list(actor: SessionUser): Promise<WebhookEndpoint[]> {
    return (await this.repository.endpointsOf(actor._id)).map(toEndpoint);
  }

  async create(actor: SessionUser, body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
    await this.assertCallable(body.url);
    if ((await this.repository.countOf(actor._id)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw conflict(`You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    }
    const row: EndpointRow = {
      id: newId(),
      seller_id: actor._id,
      url: body.url,
      events: JSON.stringify(body.events),
      secret: newSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      disabled_at: null,
      disabled_reason: null,
      created_at: this.clock.now().toISOString(),
    };
    await this.repository.insertEndpoint(row);
    return { ...toEndpoint(row), secret: row.secret };
  }

  /** Changes an endpoint; with `rotateSecret` the answer carries the new secret, and the old one signs too for a day. */
  async update(actor: SessionUser, id: string, body: WebhookEndpointUpdate): Promise<WebhookEndpoint | WebhookEndpointWithSecret> {
    const endpoint = await this.ownEndpoint(actor, id);
    if (body.url !== undefined) await this.assertCallable(body.url);
    const now = this.clock.now();
    const changes: Partial<EndpointRow> = {};
    if (body.url !== undefined) changes.url = body.url;
    if (body.events !== undefined) changes.events = JSON.stringify(body.events);
    if (body.enabled === true) Object.assign(changes, { disabled_at: null, disabled_reason: null });
    if (body.enabled === false && endpoint.disabled_at === null) {
      Object.assign(changes, { disabled_at: now.toISOString(), disabled_reason: 'Turned off by you' });
    }
    if (body.rotateSecret) {
      Object.assign(changes, {
        secret: newSecret(),
        previous_secret: endpoint.secret,
        previous_secret_expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      });
    }
    if (Object.keys(changes).length > 0) await this.repository.updateEndpoint(id, changes);
    const updated = { ...endpoint, ...changes };
    // Deliveries that waited while it was off go now.
    if (body.enabled === true) this.wake();
    return body.rotateSecret ? { ...toEndpoint(updated), secret: updated.secret } : toEndpoint(updated);
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    await this.ownEndpoint(actor, id);
    await this.repository.deleteEndpoint(id);
  }

  /** Queues a `webhook.test` event to this endpoint alone, whatever it subscribed to. */
  async sendTest(actor: SessionUser, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.ownEndpoint(actor, id);
    if (endpoint.disabled_at !== null) throw conflict('Turn the endpoint on before sending a test');
    const now = this.clock.now().toISOString();
    const row = this.deliveryRow(
      endpoint.id,
      'webhook.test',
      payloadOf('webhook.test', now, { endpointId: endpoint.id, message: 'A test event' }),
    );
    await this.repository.insertDeliveries([row]);
    this.wake();
    return toDelivery(row);
  }

  async deliveries(actor: SessionUser, id: string): Promise<WebhookDelivery[]> {
    const endpoint = await this.ownEndpoint(actor, id);
    return (await this.repository.deliveriesOf(endpoint.id)).map(toDelivery);
  }

  /**
   * The same message again, as a delivery of its own (its attempts apart from the first's): the
   * same body and the same `webhook-id`, so a receiver that already took it can drop the repeat.
   */
  async replay(actor: SessionUser, deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await this.repository.delivery(deliveryId);
    if (!delivery || !ownsEndpoint(actor, delivery)) throw notFound('No such delivery');
    const endpoint = await this.repository.endpoint(delivery.endpoint_id);
    if (endpoint?.disabled_at !== null) throw conflict('Turn the endpoint on before replaying a delivery');
    const row = this.deliveryRow(delivery.endpoint_id, delivery.event_type, delivery.payload, delivery.message_id);
    await this.repository.insertDeliveries([row]);
    this.wake();
    return toDelivery(row);
  }

  /**
   * Tells a seller's subscribed endpoints of an event: one outbox row each, stored in the caller's
   * transaction (an event that rolls back is never sent), handed to the sender once it has committed.
   */
  async emit(trx: Kysely<Database>, afterCommit: AfterCommit, sellerId: string, type: WebhookEventType, data: object): Promise<void> {
    const repository = new WebhooksRepository(trx);
    const endpoints = (await repository.enabledEndpointsOf(sellerId)).filter((endpoint) =>
      (JSON.parse(endpoint.events) as string[]).includes(type),
    );
    if (endpoints.length === 0) return;
    const payload = payloadOf(type, this.clock.now().toISOString(), data);
    await repository.insertDeliveries(endpoints.map((endpoint) => this.deliveryRow(endpoint.id, type, payload)));
    afterCommit(() => this.wake());
  }

  /** Starts a round in the background unless one is running (then one more runs after it). */
  wake(): void {
    void this.deliverDue();
  }

  /** Attempts every due delivery this instance can claim; one round at a time per process. */
  deliverDue(): Promise<void> {
    if (this.round) {
      this.again = true;
      return this.round;
    }
    this.round = this.runRounds().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  /** Resolves once no round is running (tests and shutdown wait on it). */
  /**
   * Housekeeping's: forgets finished deliveries made before `beforeIso`. The seller's page lists the
   * recent ones; a receiver that missed one older than that has long been told by the retries.
   */
  pruneFinishedBefore(beforeIso: string): Promise<number> {
    return this.repository.deleteFinishedDeliveriesBefore(beforeIso);
  }

  async settled(): Promise<void> {
    while (this.round) await this.round;
  }

  private async runRounds(): Promise<void> {
    do {
      this.again = false;
      try {
        const now = this.clock.now();
        const until = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
        const due = await this.repository.due(now.toISOString(), ROUND_SIZE);
        const claimed: DueDelivery[] = [];
        for (const delivery of due) {
          // Another instance took it since the read: it sends this one, we must not.
          if (await this.repository.claim(delivery.id, now.toISOString(), until, this.senderId)) claimed.push(delivery);
        }
        await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
        if (claimed.length === ROUND_SIZE) this.again = true;
      } catch (error) {
        this.log.warn({ err: error }, 'webhook delivery round failed');
      }
    } while (this.again);
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const outcome = await this.post(delivery);
    const now = this.clock.now();
    const attempts = Number(delivery.attempts) + 1;
    const common = {
      last_status_code: outcome.statusCode,
      last_latency_ms: outcome.latencyMs,
      last_response_excerpt: outcome.excerpt,
    };
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
      await this.repository.recordAttempt(delivery.id, this.senderId, {
        ...common,
        status: 'delivered',
        next_attempt_at: null,
        delivered_at: now.toISOString(),
      });
      return;
    }
    const delay = RETRY_DELAYS_MS[attempts - 1];
    if (delay !== undefined) {
      await this.repository.recordAttempt(delivery.id, this.senderId, {
        ...common,
        status: 'pending',
        next_attempt_at: new Date(now.getTime() + delay).toISOString(),
      });
      return;
    }
    const reason = outcome.statusCode === null ? outcome.excerpt : `HTTP ${outcome.statusCode}`;
    // The failure, the endpoint turned off and the seller told: all of it or none of it.
    await this.inTransaction(async (trx, afterCommit) => {
      const repository = new WebhooksRepository(trx);
      const recorded = await repository.recordAttempt(delivery.id, this.senderId, { ...common, status: 'failed', next_attempt_at: null });
      if (!recorded) return;
      if (!(await repository.disable(delivery.endpoint_id, now.toISOString(), `Every retry of a delivery failed (${reason})`))) return;
      await this.notifications.queue(trx, afterCommit, [{ userId: delivery.seller_id, notice: endpointDisabledNotice(delivery.url) }]);
      const seller = await repository.seller(delivery.seller_id);
      if (seller) await this.mail.queue(trx, afterCommit, [endpointDisabledMail(seller, delivery.url, reason, this.publicUrl)]);
    });
  }

  /** One attempt: the host resolved and checked now (it may have changed since registration), then the signed POST to that address. */
  private async post(delivery: DueDelivery): Promise<PostOutcome> {
    const url = new URL(delivery.url);
    if (this.settings.httpsOnly && url.protocol !== 'https:') {
      return { statusCode: null, latencyMs: 0, excerpt: 'Refused: only https:// addresses are called' };
    }
    const checked = await checkHost(url.hostname, this.settings.allowPrivate, this.resolve);
    if (!checked.ok) return { statusCode: null, latencyMs: 0, excerpt: `Refused: ${checked.reason}` };
    const now = this.clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = [delivery.secret];
    if (delivery.previous_secret && delivery.previous_secret_expires_at && delivery.previous_secret_expires_at > now.toISOString()) {
      secrets.push(delivery.previous_secret);
    }
    const headers = {
      'webhook-id': delivery.message_id,
      'webhook-timestamp': String(timestamp),
      // Signed over the id the receiver is sent: a replay's row has an id of its own but repeats the message's.
      'webhook-signature': signatureHeader(secrets, delivery.message_id, timestamp, delivery.payload),
      'user-agent': 'SourceCodeMarketplace-Webhooks/1',
    };
    return postTo(url, checked.address, headers, delivery.payload);
  }

  /** Refuses an address the sender would refuse anyway, so the seller hears of it while filling the form. */
  private async assertCallable(address: string): Promise<void> {
    const url = new URL(address);
    if (this.settings.httpsOnly && url.protocol !== 'https:') throw badRequest('Enter an address starting with https://', 'url');
    if (this.settings.allowPrivate) return;
    const checked = await checkHost(url.hostname, false, this.resolve);
    if (!checked.ok) throw badRequest(`This address cannot be called: ${checked.reason}`, 'url');
  }

  private async ownEndpoint(actor: SessionUser, id: string): Promise<EndpointRow> {
    const endpoint = await this.repository.endpoint(id);
    if (!endpoint || !ownsEndpoint(actor, endpoint)) throw notFound('No such webhook endpoint');
    return endpoint;
  }

  private deliveryRow(endpointId: string, type: WebhookEventType, payload: string, repeats?: string): DeliveryRow {
    const now = this.clock.now().toISOString();
    const id = newId();
    return {
      id,
      endpoint_id: endpointId,
      message_id: repeats ?? id,
      event_type: type,
      payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_status_code: null,
      last_latency_ms: null,
      last_response_excerpt: null,
      claimed_until: null,
      claimed_by: null,
      created_at: now,
      delivered_at: null,
    };
  }
}

/** The body every delivery of the event carries (Standard Webhooks: type, timestamp, data). */
const payloadOf = (type: WebhookEventType, timestamp: string, data: object) => JSON.stringify({ type, timestamp, data });

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    createdAt: row.created_at,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    webhookId: row.message_id,
    endpointId: row.endpoint_id,
    type: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastLatencyMs: row.last_latency_ms === null ? null : Number(row.last_latency_ms),
    lastResponseExcerpt: row.last_response_excerpt,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}
