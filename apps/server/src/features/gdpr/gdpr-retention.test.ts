import { expect, it } from 'vitest';
import { createClient, createUser } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { writeClientSetting } from '../clients';
import { retainClient, type Counts } from './gdpr-retention.job';

const DAY_MS = 86_400_000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const zero = (): Counts => ({ clients: 0, warned: 0, deactivated: 0, erased: 0 });

describeEachDialect('GDPR retention of inactive accounts', (ctx) => {
  it('warns once (two runs at the same time send one mail), then deactivates or erases after the warning period; a recent sign-in is left alone', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    await writeClientSetting(deps.db, client.id, 'inactiveDeactivateMonths', 6);
    await writeClientSetting(deps.db, client.id, 'inactiveEraseMonths', 12);
    await writeClientSetting(deps.db, client.id, 'inactiveWarningDays', 30);
    const now = new Date();
    // Six months less ten days: inside the deactivation's warning window.
    const quiet = await createUser(deps.db, client, { last_login_at: daysAgo(now, 172), locale: 'fr-FR' });
    // Thirteen months: past the erasure.
    const gone = await createUser(deps.db, client, { last_login_at: daysAgo(now, 400), first_name: 'Rüdiger' });
    const recent = await createUser(deps.db, client, { last_login_at: daysAgo(now, 3) });

    const first = [zero(), zero()];
    await Promise.all(first.map((c) => retainClient({ deps, now: () => now }, client.id, c)));
    expect(first[0]!.warned + first[1]!.warned).toBe(2);
    const mails = await deps.db
      .selectFrom('mail_queue')
      .select(['to_address', 'body_text', 'locale'])
      .where('client_id', '=', client.id)
      .where('template_kind', '=', 'inactivity_warning')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([quiet.email, gone.email].sort());
    expect(mails.find((m) => m.to_address === quiet.email)?.body_text).toContain('sera donc désactivé');
    expect(mails.find((m) => m.to_address === gone.email)?.body_text).toContain('gelöscht');
    expect(mails.some((m) => m.to_address === recent.email)).toBe(false);

    // The same day again: nothing new.
    const again = zero();
    await retainClient({ deps, now: () => now }, client.id, again);
    expect(again).toMatchObject({ warned: 0, deactivated: 0, erased: 0 });

    // 31 days later, the warnings have run their time.
    const later = new Date(now.getTime() + 31 * DAY_MS);
    const after = zero();
    await retainClient({ deps, now: () => later }, client.id, after);
    expect(after).toMatchObject({ deactivated: 1, erased: 1 });
    const rows = await deps.db
      .selectFrom('users')
      .select(['id', 'is_active', 'first_name', 'email'])
      .where('id', 'in', [quiet.id, gone.id, recent.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(quiet.id)).toMatchObject({ is_active: expect.anything() as unknown, email: quiet.email });
    expect(Boolean(byId.get(quiet.id)?.is_active)).toBe(false);
    expect(byId.get(gone.id)).toMatchObject({ first_name: '', email: null });
    expect(Boolean(byId.get(recent.id)?.is_active)).toBe(true);
    const erasure = await deps.db
      .selectFrom('gdpr_erasures')
      .selectAll()
      .where('user_id', '=', gone.id)
      .executeTakeFirst();
    expect(erasure?.reason).toBe('retention');
    const actions = await deps.db
      .selectFrom('audit_entries')
      .select(['action', 'actor_kind'])
      .where('client_id', '=', client.id)
      .where('action', 'like', 'gdpr.%')
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['gdpr.retention-deactivated', 'gdpr.retention-erased']);
    expect(actions.every((a) => a.actor_kind === 'system')).toBe(true);
  });

  it('a person who signs in after the warning is not deactivated, and is warned again when they go quiet again', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    await writeClientSetting(deps.db, client.id, 'inactiveDeactivateMonths', 6);
    const now = new Date();
    const user = await createUser(deps.db, client, { last_login_at: daysAgo(now, 200) });
    await retainClient({ deps, now: () => now }, client.id, zero());
    await deps.db
      .updateTable('users')
      .set({ last_login_at: daysAgo(now, -10) })
      .where('id', '=', user.id)
      .execute();
    const later = new Date(now.getTime() + 31 * DAY_MS);
    const after = zero();
    await retainClient({ deps, now: () => later }, client.id, after);
    expect(after).toMatchObject({ warned: 0, deactivated: 0 });
    const muchLater = new Date(now.getTime() + 200 * DAY_MS);
    const quietAgain = zero();
    await retainClient({ deps, now: () => muchLater }, client.id, quietAgain);
    expect(quietAgain).toMatchObject({ warned: 1, deactivated: 0 });
  });
});
