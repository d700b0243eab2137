import {
  API_PATHS,
  CONTACT_SENT_MESSAGE,
  contactBodySchema,
  contactMessageListSchema,
  errorBodySchema,
  messageBodySchema,
} from '@market/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, requireAdmin } from '../auth/index.js';
import type { ContactService } from './contact.service.js';

export interface ContactRoutesOptions {
  contact: ContactService;
  rateLimitPerMinute: number;
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { contact, rateLimitPerMinute }) => {
  const tags = ['contact'];

  app.post(
    API_PATHS.contact.messages,
    {
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Send a contact message (anybody): stored, and mailed to the admin address when SMTP is configured',
        body: contactBodySchema,
        response: { 201: messageBodySchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await contact.send(request.body);
      return reply.status(201).send({ message: CONTACT_SENT_MESSAGE });
    },
  );

  app.get(
    API_PATHS.contact.messages,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Contact messages, newest first (Admin only)',
        response: { 200: contactMessageListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => contact.list(actorOf(request)),
  );
};
