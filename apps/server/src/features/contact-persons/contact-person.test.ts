import { expect, it, onTestFinished, vi } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect } from '../../../test/test-app';
import { REQUEST_LIMITS } from '../../platform/request-limits';

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describeEachDialect('contact persons and appointment requests', (ctx) => {
  async function setup() {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const other = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const participantUser = await createUser(deps.db, client, { first_name: 'Paula', last_name: 'Probst' });
    const participant = await signIn(app, participantUser);
    const contact = async (clientId: string, who: typeof admin, over: Record<string, unknown> = {}) => {
      const res = await who.post('/api/client-contact', {
        clientId,
        responsibility: 'Personal',
        firstName: 'Hanna',
        lastName: 'Huber',
        phone: '+49 30 1234',
        email: 'hanna.huber@example.test',
        ...over,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: string }>().id;
    };
    return { client, other, admin, participant, participantUser, contact };
  }

  const request = (contactId: string, over: Record<string, unknown> = {}) => ({
    contactId,
    type: 'PHONE_CALL',
    firstDate: dayOf(3),
    secondDate: dayOf(5),
    timeOfDay: 'BEFORE_NOON',
    email: 'paula@example.test',
    phone: '',
    message: 'Fragen zur Schulung',
    ...over,
  });

  it('lists the reachable contacts of the own client by responsibility, with e-mail and phone', async () => {
    const { client, admin, participant, contact } = await setup();
    await contact(client.id, admin);
    await contact(client.id, admin, { responsibility: 'IT', firstName: 'Ida', email: '', phone: '0301' });
    await contact(client.id, admin, { responsibility: 'Archiv', email: '', phone: '' });
    const res = await participant.get('/api/client/user-contact-options');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      items: [
        { responsibility: 'IT', firstName: 'Ida', email: null, phone: '0301' },
        { responsibility: 'Personal', email: 'hanna.huber@example.test', phone: '+49 30 1234' },
      ],
    });
  });

  it('mails a valid request to the contact person through SMTP, in their language, and stores it', async () => {
    const { deps } = ctx();
    const { client, admin, participant, participantUser, contact } = await setup();
    // The contact person also has an account, in English: the mail is in English.
    await createUser(deps.db, client, { email: 'hanna.huber@example.test', locale: 'en-US' });
    const id = await contact(client.id, admin);
    const res = await participant.post('/api/client/user-contact-options/appointment', request(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contactId: id, type: 'PHONE_CALL', email: 'paula@example.test', phone: null });
    const stored = await deps.db
      .selectFrom('appointment_requests')
      .selectAll()
      .where('client_id', '=', client.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: participantUser.id, contact_email: 'hanna.huber@example.test' });

    const smtp = await startTestSmtp();
    try {
      await drainJobs(workerDeps(deps, { smtpUrl: smtp.url }), [mailHandler()], new TestClock());
      const [mail] = await smtp.waitForMessages(1);
      expect(mail?.to).toMatchObject({ value: [{ address: 'hanna.huber@example.test' }] });
      expect(mail?.subject).toBe('Appointment request from Paula Probst');
      // Reply-To is the account's own address (issue 28 point 7); the address typed into the form is in the text.
      expect(mail?.replyTo).toMatchObject({ value: [{ address: participantUser.email }] });
      expect(participantUser.email).not.toBe('paula@example.test');
      expect(mail?.text).toContain('E-mail: paula@example.test');
      expect(mail?.text).toContain('Type: Phone call');
      expect(mail?.text).toContain('Preferred time of day: Before noon');
      expect(mail?.text).toContain('Fragen zur Schulung');
    } finally {
      await smtp.stop();
    }
  });

  it('limits one user to 10 appointment requests an hour (issue 28 point 7)', async () => {
    const { client, admin, participant, contact } = await setup();
    const id = await contact(client.id, admin);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${dayOf(0)}T10:00:05Z`));
    onTestFinished(() => void vi.useRealTimers());
    const statuses: number[] = [];
    for (let i = 0; i <= REQUEST_LIMITS.appointmentRequest.max; i++)
      statuses.push((await participant.post('/api/client/user-contact-options/appointment', request(id))).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    // Another user of the client is not held back.
    const { app, deps } = ctx();
    const other = await signIn(app, await createUser(deps.db, client));
    expect((await other.post('/api/client/user-contact-options/appointment', request(id))).statusCode).toBe(200);
  });

  it('refuses a second date before the first, a date in the past and no way to reach the user, each with its code', async () => {
    const { client, admin, participant, contact } = await setup();
    const id = await contact(client.id, admin);
    const cases = [
      [{ firstDate: dayOf(5), secondDate: dayOf(3) }, 'appointment_second_date_before_first'],
      [{ firstDate: dayOf(-2) }, 'appointment_date_past'],
      [{ email: '', phone: '' }, 'appointment_reach_missing'],
    ] as const;
    for (const [over, code] of cases) {
      const res = await participant.post('/api/client/user-contact-options/appointment', request(id, over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: code });
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(10);
    }
    const bad = await participant.post('/api/client/user-contact-options/appointment', request(id, { type: 'LUNCH' }));
    expect(bad.json()).toMatchObject({ error: 'validation_failed', details: { fields: [{ field: 'body.type' }] } });
  });

  it("answers 404 for another client's contact and 400 for a contact without e-mail", async () => {
    const { app, deps } = ctx();
    const { client, other, admin, participant, contact } = await setup();
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const foreign = await contact(other.id, otherAdmin, { lastName: 'Geheim' });
    const res = await participant.post('/api/client/user-contact-options/appointment', request(foreign));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Geheim');
    expect((await participant.get('/api/client/user-contact-options')).body).not.toContain('Geheim');
    const phoneOnly = await contact(client.id, admin, { email: '' });
    const noMail = await participant.post('/api/client/user-contact-options/appointment', request(phoneOnly));
    expect(noMail.json()).toMatchObject({ error: 'contact_person_no_email' });
  });
});
