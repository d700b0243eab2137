import type { HireRequest, HireRequestBody, SessionUser } from '@market/contracts';
import type { Clock } from '../../platform/clock.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeRichText } from '../../platform/html/index.js';
import { newId } from '../../platform/ids.js';
import { HireRepository, type HireRequestRow } from './hire.repository.js';
import { canReadHireRequests } from './policies.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface HireServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
}

/** Hire-a-developer requests: anybody sends one (requirements sanitised before storing), only admins read them. */
export class HireService {
  private readonly requests: HireRepository;
  private readonly clock: Clock;

  constructor({ db, clock }: HireServiceDependencies) {
    this.requests = new HireRepository(db);
    this.clock = clock;
  }

  async send(body: HireRequestBody): Promise<{ id: string }> {
    const requirements = sanitizeRichText(body.requirenments);
    if (!htmlToText(requirements) && !requirements.includes('<img')) throw badRequest('Describe your requirements');
    const id = newId();
    await this.requests.insert({
      id,
      name: body.name,
      email: body.email,
      company_name: body.companyName,
      platform: body.platform,
      requirements_html: requirements,
      created_at: this.clock.now().toISOString(),
    });
    return { id };
  }

  async list(actor: SessionUser): Promise<HireRequest[]> {
    if (!canReadHireRequests(actor)) throw forbidden('Only an admin can read hire requests');
    return (await this.requests.list()).map(toHireRequest);
  }

  async byId(actor: SessionUser, id: string): Promise<HireRequest> {
    if (!canReadHireRequests(actor)) throw forbidden('Only an admin can read hire requests');
    const row = await this.requests.findById(id);
    if (!row) throw notFound('Hire request not found');
    return toHireRequest(row);
  }
}

function toHireRequest(row: HireRequestRow): HireRequest {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    companyName: row.company_name,
    platform: row.platform,
    requirenments: row.requirements_html,
    createdAt: row.created_at,
  };
}
