import {
  type CreatedStudioInvitation,
  type MyStudios,
  STUDIO_CAPABILITIES,
  STUDIO_ROLES,
  type StudioAuditPage,
  type StudioCapability,
  type StudioMembers,
  type StudioRole,
} from '@market/contracts';
import { makeZip } from '@market/sample-archives';
import { describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { DAY_MS } from '../../platform/clock.js';
import { buildCatalogueApp, createApprovedProduct, createProduct, sendProductForm } from '../../test/factories.js';
import { createUser, injectAs, stepUpWithPassword, type TestContext, type TestUser } from '../../test/helper.js';
import { INVITATION_GONE } from './index.js';
import { can } from './policies.js';

const tokenOf = (invitation: CreatedStudioInvitation) => invitation.link.split('/').pop()!;

async function studioShop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const owner = await createUser(ctx, { name: 'Pixel Forge Studio' });
  const product = await createApprovedProduct(ctx, owner, admin);
  const created = await injectAs(ctx, owner, { method: 'POST', url: '/api/studio', payload: {} });
  expect(created.statusCode).toBe(201);
  return { ctx, admin, owner, product };
}

async function invite(ctx: TestContext, by: TestUser, email: string, role: StudioRole): Promise<CreatedStudioInvitation> {
  ctx.clock.advance(1000);
  const response = await injectAs(ctx, by, { method: 'POST', url: '/api/studio/members', payload: { email, role } });
  if (response.statusCode !== 201) throw new Error(`Invitation refused: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A new person invited in a role, who accepted and now acts for the studio. */
async function memberActingAs(ctx: TestContext, owner: TestUser, role: StudioRole, name = `A ${role}`): Promise<TestUser> {
  const member = await createUser(ctx, { name });
  const invitation = await invite(ctx, owner, member.email, role);
  ctx.clock.advance(1000);
  const accepted = await injectAs(ctx, member, { method: 'POST', url: `/api/studio/invitations/${tokenOf(invitation)}/accept` });
  expect(accepted.statusCode).toBe(200);
  const switched = await injectAs(ctx, member, { method: 'PUT', url: '/api/user/active-studio', payload: { studioId: owner._id } });
  expect(switched.statusCode).toBe(200);
  return member;
}

const editTitle = (ctx: TestContext, user: TestUser, productId: string, title: string) =>
  sendProductForm(ctx, user, { title: JSON.stringify({ en: title }) }, { method: 'PUT', url: `/api/product/editProduct/${productId}` });

async function auditOf(ctx: TestContext, owner: TestUser): Promise<StudioAuditPage> {
  const response = await injectAs(ctx, owner, { method: 'GET', url: '/api/studio/audit' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('studios', () => {
  it('lets an invited Developer edit a product for the studio but answers 403 on the earnings and payouts', async () => {
    const { ctx, owner } = await studioShop();
    const product = await createProduct(ctx, owner);
    const developer = await memberActingAs(ctx, owner, 'developer', 'Dana Developer');

    const current = await injectAs(ctx, developer, { method: 'GET', url: '/api/user/currentUser' });
    expect(current.json()).toMatchObject({ _id: owner._id, name: 'Pixel Forge Studio', role: 'User', actingForStudio: true });
    // The owner signed in as themselves is not acting for anyone.
    expect((await injectAs(ctx, owner, { method: 'GET', url: '/api/user/currentUser' })).json()).not.toHaveProperty('actingForStudio');

    const edited = await editTitle(ctx, developer, product._id, 'Space Runner Deluxe');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ _id: product._id, title: { en: 'Space Runner Deluxe' } });

    const earnings = await injectAs(ctx, developer, { method: 'GET', url: '/api/user/earnings' });
    expect(earnings.statusCode).toBe(403);
    expect(earnings.json().message).toBe(
      "As Developer of Pixel Forge Studio you cannot use sales, earnings, the statement and analytics; ask the studio's owner",
    );
    const payouts = await injectAs(ctx, developer, { method: 'GET', url: '/api/payout/status' });
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json().message).toContain('withdrawals and payout details');
    const withdrawal = await injectAs(ctx, developer, { method: 'POST', url: '/api/withdraw/withdrawDetil', payload: {} });
    expect(withdrawal.statusCode).toBe(403);

    const ownerEarnings = await injectAs(ctx, owner, { method: 'GET', url: '/api/user/earnings' });
    expect(ownerEarnings.statusCode).toBe(200);
  });

  it('lets a Developer publish a release of the studio’s product, written in the audit log with them', async () => {
    const { ctx, owner, product } = await studioShop();
    const developer = await memberActingAs(ctx, owner, 'developer', 'Dana Developer');
    ctx.clock.advance(1000);
    const published = await sendProductForm(
      ctx,
      developer,
      {
        version: '1.1.0',
        changelog: '<p>Fixed the jump</p>',
        sourceCode: { bytes: makeZip([{ name: 'README.md', content: '# new' }]), name: 'game.zip', type: 'application/zip' },
      },
      { method: 'POST', url: `/api/product/${product._id}/releases` },
    );
    expect(published.statusCode).toBe(201);
    const releases = await injectAs(ctx, owner, { method: 'GET', url: `/api/product/${product._id}/releases` });
    expect((releases.json() as Array<{ version: string }>).map((release) => release.version)).toContain('1.1.0');
    const [newest] = (await auditOf(ctx, owner)).entries;
    expect(newest).toMatchObject({ memberName: 'Dana Developer', memberUserId: developer._id, target: product._id });
  });

  it('refuses a Viewer every change while letting them read the studio’s products', async () => {
    const { ctx, owner, product } = await studioShop();
    const viewer = await memberActingAs(ctx, owner, 'viewer');

    const reads = await injectAs(ctx, viewer, { method: 'GET', url: `/api/product/${product._id}` });
    expect(reads.statusCode).toBe(200);
    const changes = [
      await editTitle(ctx, viewer, product._id, 'Renamed'),
      await injectAs(ctx, viewer, { method: 'DELETE', url: `/api/product/delProduct/${product._id}` }),
      await injectAs(ctx, viewer, { method: 'POST', url: '/api/studio/members', payload: { email: 'x@example.com', role: 'admin' } }),
      await injectAs(ctx, viewer, {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        payload: { url: 'https://example.com', events: ['order.paid'] },
      }),
      await injectAs(ctx, viewer, { method: 'POST', url: '/api/licence/tokens', payload: { name: 'ci' } }),
      await injectAs(ctx, viewer, { method: 'POST', url: '/api/sale', payload: {} }),
      await injectAs(ctx, viewer, { method: 'GET', url: '/api/user/statement' }),
    ];
    expect(changes.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    // A call nobody declared for members is closed to them, whatever their role.
    const cart = await injectAs(ctx, viewer, { method: 'PUT', url: '/api/cart', payload: { lines: [] } });
    expect(cart.statusCode).toBe(403);
    expect(cart.json().message).toBe(
      'This is not available while you act for Pixel Forge Studio; switch to yourself in the header to use it',
    );
    const unchanged = await injectAs(ctx, owner, { method: 'GET', url: `/api/product/${product._id}` });
    expect(unchanged.json().title).toEqual(product.title);
  });

  it('ends a removed member’s access at once: their acting session’s next request is their own again', async () => {
    const { ctx, owner, product } = await studioShop();
    const developer = await memberActingAs(ctx, owner, 'developer');
    expect((await injectAs(ctx, developer, { method: 'GET', url: '/api/user/currentUser' })).json()._id).toBe(owner._id);

    const removed = await injectAs(ctx, owner, { method: 'DELETE', url: `/api/studio/members/${developer._id}` });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as StudioMembers).members.map((member) => member.userId)).toEqual([owner._id]);

    const current = await injectAs(ctx, developer, { method: 'GET', url: '/api/user/currentUser' });
    expect(current.json()._id).toBe(developer._id);
    expect(current.json()).not.toHaveProperty('actingForStudio');
    const edit = await editTitle(ctx, developer, product._id, 'Taken over');
    expect(edit.statusCode).toBe(403);
    const mine: MyStudios = (await injectAs(ctx, developer, { method: 'GET', url: '/api/user/studios' })).json();
    expect(mine).toEqual({ me: { id: developer._id, name: developer.name }, acting: null, studios: [] });
  });

  it('removes a member in the same query even when their session still names the studio', async () => {
    const { ctx, owner } = await studioShop();
    const support = await memberActingAs(ctx, owner, 'support');
    // Only the membership row goes: the session's own query notices.
    await ctx.db.deleteFrom('studio_members').where('user_id', '=', support._id).execute();
    const current = await injectAs(ctx, support, { method: 'GET', url: '/api/user/currentUser' });
    expect(current.json()._id).toBe(support._id);
  });

  it('shows each action in the audit log with the member who made it, newest first', async () => {
    const { ctx, owner, product } = await studioShop();
    const developer = await memberActingAs(ctx, owner, 'developer', 'Dana Developer');
    ctx.clock.advance(1000);
    expect((await editTitle(ctx, developer, product._id, 'Space Runner II')).statusCode).toBe(200);
    ctx.clock.advance(1000);
    // A refused or failed call changes nothing and is not written.
    await injectAs(ctx, developer, { method: 'GET', url: '/api/user/earnings' });
    await injectAs(ctx, developer, { method: 'DELETE', url: '/api/product/delProduct/nosuchproduct1' });

    const { entries } = await auditOf(ctx, owner);
    expect(entries.map(({ memberName, action, target }) => ({ memberName, action, target }))).toEqual([
      { memberName: 'Dana Developer', action: 'Edit a product', target: product._id },
      { memberName: 'Dana Developer', action: 'Joined as Developer', target: expect.any(String) },
      { memberName: 'Pixel Forge Studio', action: `Invited ${developer.email} as Developer`, target: expect.any(String) },
      { memberName: 'Pixel Forge Studio', action: 'Turned the account into a studio', target: null },
    ]);
  });

  it('pages the audit log with a cursor', async () => {
    const { ctx, owner } = await studioShop();
    for (const index of [1, 2, 3]) {
      ctx.clock.advance(1000);
      await invite(ctx, owner, `guest${index}@example.com`, 'viewer');
    }
    const first: StudioAuditPage = (await injectAs(ctx, owner, { method: 'GET', url: '/api/studio/audit?limit=2' })).json();
    expect(first.entries.map((entry) => entry.action)).toEqual([
      'Invited guest3@example.com as Viewer',
      'Invited guest2@example.com as Viewer',
    ]);
    const second: StudioAuditPage = (
      await injectAs(ctx, owner, { method: 'GET', url: `/api/studio/audit?limit=2&cursor=${first.nextCursor}` })
    ).json();
    expect(second.entries.map((entry) => entry.action)).toEqual([
      'Invited guest1@example.com as Viewer',
      'Turned the account into a studio',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('answers 410 for an expired invitation, and for one used already once its person has left', async () => {
    const { ctx, owner } = await studioShop();
    const late = await createUser(ctx);
    const expired = await invite(ctx, owner, late.email, 'developer');
    ctx.clock.advance(7 * DAY_MS + 1);
    const tooLate = await injectAs(ctx, late, { method: 'POST', url: `/api/studio/invitations/${tokenOf(expired)}/accept` });
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.json().message).toBe(INVITATION_GONE);

    const fresh = await invite(ctx, owner, late.email, 'developer');
    const url = `/api/studio/invitations/${tokenOf(fresh)}/accept`;
    expect((await injectAs(ctx, late, { method: 'POST', url })).statusCode).toBe(200);
    // Opened again by the person who joined (a reload): they are told they joined, nothing is added.
    const again = await injectAs(ctx, late, { method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ studio: { id: owner._id }, role: 'developer' });
    const members = await injectAs(ctx, owner, { method: 'GET', url: '/api/studio/members' });
    expect((members.json() as StudioMembers).members.filter((member) => member.userId === late._id)).toHaveLength(1);

    await stepUpWithPassword(ctx, owner); // the week waited out above ended the owner's last confirmation
    expect((await injectAs(ctx, owner, { method: 'DELETE', url: `/api/studio/members/${late._id}` })).statusCode).toBe(200);
    expect((await injectAs(ctx, late, { method: 'POST', url })).statusCode).toBe(410);
  });

  it('refuses an invitation to someone signed in with another email', async () => {
    const { ctx, owner } = await studioShop();
    const invited = await createUser(ctx);
    const other = await createUser(ctx);
    const invitation = await invite(ctx, owner, invited.email.toUpperCase(), 'admin');
    const refused = await injectAs(ctx, other, { method: 'POST', url: `/api/studio/invitations/${tokenOf(invitation)}/accept` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('another email address');
    // The email's case does not matter, and the link still works for its person.
    const accepted = await injectAs(ctx, invited, { method: 'POST', url: `/api/studio/invitations/${tokenOf(invitation)}/accept` });
    expect(accepted.json()).toMatchObject({ studio: { id: owner._id, name: 'Pixel Forge Studio' }, role: 'admin' });
  });

  it('mails the invitation link', async () => {
    const { ctx, owner } = await studioShop();
    const invitation = await invite(ctx, owner, 'newcomer@example.com', 'support');
    const mails = await ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'newcomer@example.com').execute();
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain(invitation.link);
  });

  it('refuses to act as a studio the person is not a member of', async () => {
    const { ctx, owner } = await studioShop();
    const stranger = await createUser(ctx);
    const refused = await injectAs(ctx, stranger, { method: 'PUT', url: '/api/user/active-studio', payload: { studioId: owner._id } });
    expect(refused.statusCode).toBe(403);
    const current = await injectAs(ctx, stranger, { method: 'GET', url: '/api/user/currentUser' });
    expect(current.json()._id).toBe(stranger._id);
  });

  it('acts as a User for a studio whose account is an admin’s', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin', name: 'Admin Studio' });
    expect((await injectAs(ctx, admin, { method: 'POST', url: '/api/studio', payload: {} })).statusCode).toBe(201);
    const admins = await memberActingAs(ctx, admin, 'admin');
    const current = await injectAs(ctx, admins, { method: 'GET', url: '/api/user/currentUser' });
    expect(current.json()).toMatchObject({ _id: admin._id, role: 'User' });
  });

  it('lets an Admin member manage members but never the owner, and lists the switcher’s studios', async () => {
    const { ctx, owner } = await studioShop();
    const studioAdmin = await memberActingAs(ctx, owner, 'admin');
    const changeOwner = await injectAs(ctx, studioAdmin, {
      method: 'PUT',
      url: `/api/studio/members/${owner._id}`,
      payload: { role: 'viewer' },
    });
    expect(changeOwner.statusCode).toBe(403);
    const removeOwner = await injectAs(ctx, studioAdmin, { method: 'DELETE', url: `/api/studio/members/${owner._id}` });
    expect(removeOwner.statusCode).toBe(403);
    const invitation = await invite(ctx, studioAdmin, 'helper@example.com', 'viewer');
    const members: StudioMembers = (await injectAs(ctx, studioAdmin, { method: 'GET', url: '/api/studio/members' })).json();
    expect(members.role).toBe('admin');
    expect(members.invitations.map((one) => one.id)).toEqual([invitation.id]);
    const mine: MyStudios = (await injectAs(ctx, studioAdmin, { method: 'GET', url: '/api/user/studios' })).json();
    expect(mine.acting).toEqual({ id: owner._id, name: 'Pixel Forge Studio', role: 'admin' });
    const payout = await injectAs(ctx, studioAdmin, { method: 'GET', url: '/api/payout/account' });
    expect(payout.statusCode).toBe(403);
    expect((await injectAs(ctx, studioAdmin, { method: 'GET', url: '/api/user/earnings' })).statusCode).toBe(200);
  });
});

/** The policy table of docs/decisions/0018, written out once more by hand. */
const EXPECTED: Record<StudioRole, StudioCapability[]> = {
  owner: [...STUDIO_CAPABILITIES],
  admin: ['self', 'read', 'products', 'support', 'marketing', 'money-read', 'integrations', 'members'],
  developer: ['self', 'read', 'products'],
  support: ['self', 'read', 'support'],
  viewer: ['self', 'read'],
};

/** One call of each capability's, as the roles meet it through HTTP. */
const CALLS: Array<{ capability: StudioCapability; method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }> = [
  { capability: 'read', method: 'GET', url: '/api/studio/members' },
  { capability: 'products', method: 'PUT', url: '/api/product/editProduct/nosuchproduct1', payload: {} },
  { capability: 'support', method: 'GET', url: '/api/reskin/myConversations' },
  { capability: 'marketing', method: 'POST', url: '/api/sale', payload: {} },
  { capability: 'money-read', method: 'GET', url: '/api/user/earnings' },
  { capability: 'money-read', method: 'GET', url: '/api/user/analytics?from=2026-01-01&to=2026-01-15' },
  { capability: 'integrations', method: 'GET', url: '/api/webhooks/endpoints' },
  { capability: 'members', method: 'GET', url: '/api/studio/audit' },
  { capability: 'payouts', method: 'GET', url: '/api/payout/status' },
];

describe('migration 0045_studios', () => {
  it('goes down and up again, leaving acting sessions acting for their own person', async () => {
    const { ctx, owner } = await studioShop();
    const developer = await memberActingAs(ctx, owner, 'developer');
    const migrator = migratorFor(ctx.db);
    // Down to just before studios, whatever later migrations there are.
    const down = await migrator.migrateTo('0044_passkeys');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName).at(-1)).toBe('0045_studios');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const current = await injectAs(ctx, developer, { method: 'GET', url: '/api/user/currentUser' });
    expect(current.json()._id).toBe(developer._id);
    const products = await injectAs(ctx, owner, { method: 'GET', url: '/api/product/uploaded-products' });
    expect(products.statusCode).toBe(200);
  });
});

describe('studio roles over HTTP', () => {
  it('refuses each role exactly the calls its capabilities leave out', async () => {
    const { ctx, owner } = await studioShop();
    const members = new Map<StudioRole, TestUser>();
    for (const role of ['admin', 'developer', 'support', 'viewer'] as const) members.set(role, await memberActingAs(ctx, owner, role));
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [role, member] of members) {
      for (const call of CALLS) {
        const response = await injectAs(ctx, member, {
          method: call.method,
          url: call.url,
          ...(call.payload ? { payload: call.payload } : {}),
        });
        // The chat's calls answer their failures as `errorMessage` (docs/product-spec.md, section 7).
        const body = response.json() as { message?: string; errorMessage?: string };
        const refusedForRole = response.statusCode === 403 && String(body.message ?? body.errorMessage).startsWith('As ');
        seen.push(`${role} ${call.capability}: ${refusedForRole ? 'refused' : 'let through'}`);
        expected.push(`${role} ${call.capability}: ${can(role, call.capability) ? 'let through' : 'refused'}`);
      }
    }
    expect(seen).toEqual(expected);
  });
});

describe('studio roles as policies', () => {
  const cases = STUDIO_ROLES.flatMap((role) =>
    STUDIO_CAPABILITIES.map((capability) => ({ role, capability, allowed: EXPECTED[role].includes(capability) })),
  );
  it.each(cases)('$role may use $capability: $allowed', ({ role, capability, allowed }) => {
    expect(can(role, capability)).toBe(allowed);
  });

  it('gives payouts and ownership to the owner alone', () => {
    expect(STUDIO_ROLES.filter((role) => can(role, 'payouts'))).toEqual(['owner']);
    expect(STUDIO_ROLES.filter((role) => can(role, 'ownership'))).toEqual(['owner']);
  });
});

describe('a member acting for a studio, at a step-up (docs/decisions/0016)', () => {
  it('confirms it is them with their own password, not the studio’s, and then removes a member', async () => {
    const { ctx, owner } = await studioShop();
    const admin = await memberActingAs(ctx, owner, 'admin', 'Ada Admin');
    const viewer = await memberActingAs(ctx, owner, 'viewer', 'Vic Viewer');
    ctx.clock.advance(11 * 60_000);
    const remove = () => injectAs(ctx, admin, { method: 'DELETE', url: `/api/studio/members/${viewer._id}` });

    const first = await remove();
    expect({ status: first.statusCode, body: first.json() }).toMatchObject({ body: { code: 'step_up_required' } });
    const withStudioPassword = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/user/2fa/step-up',
      payload: { password: owner.password },
    });
    expect(withStudioPassword.statusCode).toBe(400);
    const withOwnPassword = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/user/2fa/step-up',
      payload: { password: admin.password },
    });
    expect(withOwnPassword.statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(200);
    expect((await injectAs(ctx, viewer, { method: 'GET', url: '/api/user/currentUser' })).json()).toMatchObject({ _id: viewer._id });
  });
});
