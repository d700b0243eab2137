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
};
