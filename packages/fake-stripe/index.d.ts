import type { Server } from 'node:http';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  /** Cents refunded so far, once a refund was made. */
  amount_refunded?: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

export declare const SUCCEEDING_CARD: string;

export declare function createFakeStripe(keys: { secretKey: string | undefined; publishableKey: string | undefined }): {
  server: Server;
  intents: Map<string, FakeIntent>;
  requests: RecordedRequest[];
  refunds: FakeRefund[];
};
