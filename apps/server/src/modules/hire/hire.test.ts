import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, type TestContext } from '../../test/helper.js';

const request = (overrides: Record<string, string> = {}) => ({
  name: 'Kim Founder',
  email: 'kim@startup.example',
  companyName: 'Startup Inc',
  platform: 'Godot',
  requirenments: '<p>A <strong>match-3</strong> game with <a href="https://example.com/brief">this brief</a>.</p>',
  ...overrides,
});

const sendHire = (ctx: TestContext, payload: Record<string, string>, remoteAddress = '198.51.100.40') =>
  ctx.app.inject({ method: 'POST', url: '/api/developer/hireADeveloper', payload, remoteAddress });

describe('hire a developer', () => {
  it('stores a request from a visitor and shows it to an admin in the list and by id', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin' });

    const sent = await sendHire(ctx, request());
    ctx.clock.advance(1000);
    await sendHire(ctx, request({ name: 'Lee Later', platform: 'Unity' }));

    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Success: Your request has been sent successfully');
    const list = await injectAs(ctx, admin, { method: 'GET', url: '/api/developer/allDevelopers' });
    expect(list.json().map((row: { name: string }) => row.name)).toEqual(['Lee Later', 'Kim Founder']);
    const one = await injectAs(ctx, admin, { method: 'GET', url: `/api/developer/developerById/${sent.json()._id}` });
    expect(one.json()).toEqual({
      _id: sent.json()._id,
      name: 'Kim Founder',
      email: 'kim@startup.example',
      companyName: 'Startup Inc',
      platform: 'Godot',
      requirenments: '<p>A <strong>match-3</strong> game with <a href="https://example.com/brief">this brief</a>.</p>',
      createdAt: '2026-01-15T10:00:00.000Z',
    });
  });

  it('removes script, event handlers and javascript: links from the requirements before storing them', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin' });

    const sent = await sendHire(
      ctx,
      request({
        requirenments:
          '<p onclick="steal()">Needs <script>alert(1)</script>login</p><a href="javascript:alert(2)">docs</a><img src=x onerror="alert(3)">',
      }),
    );

    const stored = await ctx.db.selectFrom('hire_requests').select('requirements_html').executeTakeFirstOrThrow();
    expect(stored.requirements_html).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(stored.requirements_html).toContain('Needs login');
    const one = await injectAs(ctx, admin, { method: 'GET', url: `/api/developer/developerById/${sent.json()._id}` });
    expect(one.json().requirenments).toBe(stored.requirements_html);
  });

  it('refuses requirements that are empty once sanitised, and a platform outside the list', async () => {
    const ctx = await buildTestApp();

    const onlyScript = await sendHire(ctx, request({ requirenments: '<script>alert(1)</script><p> </p>' }));
    const badPlatform = await sendHire(ctx, request({ platform: 'Flash' }));

    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().message).toBe('Describe your requirements');
    expect(badPlatform.statusCode).toBe(400);
    expect(await ctx.db.selectFrom('hire_requests').select('id').execute()).toEqual([]);
  });

  it('answers 401 to a visitor and 403 to a User reading hire requests, and 404 for an unknown id', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const user = await createUser(ctx);
    const id = (await sendHire(ctx, request())).json()._id as string;

    for (const url of ['/api/developer/allDevelopers', `/api/developer/developerById/${id}`]) {
      expect((await injectAs(ctx, null, { method: 'GET', url })).statusCode).toBe(401);
      const asUser = await injectAs(ctx, user, { method: 'GET', url });
      expect(asUser.statusCode).toBe(403);
      expect(asUser.body).not.toContain('kim@startup.example');
    }
    expect((await injectAs(ctx, admin, { method: 'GET', url: '/api/developer/developerById/aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(
      404,
    );
  });

  it('answers 429 once an address has sent more requests than the limit', async () => {
    const ctx = await buildTestApp({ FORMS_RATE_LIMIT_PER_MINUTE: '2' });

    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await sendHire(ctx, request())).statusCode);

    expect(statuses).toEqual([201, 201, 429]);
  });
});
