import { bearer, hubspotTokens, makeSandbox } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

/** HubSpot's batch create and update as the writers call them (issue 55): 100 inputs a call, multi-status. */
describe('HubSpot batch create and update', () => {
  let app: App;
  let auth: { authorization: string };
  beforeEach(async () => {
    app = await makeSandbox();
    auth = bearer((await hubspotTokens(app)).access_token);
  });
  afterEach(() => app.close());

  const post = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/hubspot${url}`,
      headers: auth,
      payload: payload as object,
    });
  const hubspot = async () =>
    (await app.inject({ method: 'GET', url: '/_sandbox/state/hubspot' })).json<{
      contacts: { id: string; properties: Record<string, string | null> }[];
      emails: { id: string; properties: Record<string, string | null> }[];
      associations: { fromType: string; fromId: string; toId: string }[];
    }>();
  const email = (subject: string, contactId: string, trace?: string) => ({
    properties: { hs_timestamp: '2026-03-02T09:00:00.000Z', hs_email_subject: subject },
    associations: [
      {
        to: { id: contactId },
        types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
      },
    ],
    ...(trace === undefined ? {} : { objectWriteTraceId: trace }),
  });
  const aContact = async () => (await hubspot()).contacts[0]!.id;

  it('creates every input with its associations (201), and refuses more than 100 inputs', async () => {
    const contactId = await aContact();
    const created = await post('/crm/v3/objects/emails/batch/create', {
      inputs: [email('One', contactId, 'a'), email('Two', contactId, 'b')],
    });
    expect(created.statusCode).toBe(201);
    const results = created.json<{ results: { id: string; objectWriteTraceId: string }[] }>()
      .results;
    expect(results.map((result) => result.objectWriteTraceId)).toEqual(['a', 'b']);
    const state = await hubspot();
    for (const { id } of results)
      expect(state.associations).toContainEqual(
        expect.objectContaining({ fromType: 'emails', fromId: id, toId: contactId }),
      );
    const tooMany = await post('/crm/v3/objects/emails/batch/create', {
      inputs: Array.from({ length: 101 }, (_, n) => email(`Many ${n}`, contactId)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Too many inputs: 101. The maximum is 100.');
  });

  it('without objectWriteTraceId a refused input refuses the batch: nothing is created', async () => {
    const contactId = await aContact();
    const before = (await hubspot()).emails.length;
    const refused = await post('/crm/v3/objects/emails/batch/create', {
      inputs: [email('Fine', contactId), { properties: { no_such_property: 'x' } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ category: 'VALIDATION_ERROR' });
    expect((await hubspot()).emails).toHaveLength(before);
  });

  it('with objectWriteTraceId (multi-status): the valid inputs are created, each refused one answered as an error naming its trace (207)', async () => {
    const contactId = await aContact();
    const answer = await post('/crm/v3/objects/emails/batch/create', {
      inputs: [
        email('Fine', contactId, '0'),
        { properties: { no_such_property: 'x' }, objectWriteTraceId: '1' },
        email('No such contact', '999999999', '2'),
      ],
    });
    expect(answer.statusCode).toBe(207);
    expect(answer.json()).toMatchObject({
      status: 'COMPLETE',
      numErrors: 2,
      results: [{ objectWriteTraceId: '0', properties: { hs_email_subject: 'Fine' } }],
      errors: [
        { category: 'VALIDATION_ERROR', context: { objectWriteTraceId: ['1'] } },
        { category: 'VALIDATION_ERROR', context: { objectWriteTraceId: ['2'] } },
      ],
    });
  });

  it('batch update writes each record by id; an unknown id is an error of its own (207), the same id twice refuses the call', async () => {
    const contactId = await aContact();
    const answer = await post('/crm/v3/objects/contacts/batch/update', {
      inputs: [
        { id: contactId, properties: { firstname: 'Batched' }, objectWriteTraceId: '0' },
        { id: '999999999', properties: { firstname: 'Nobody' }, objectWriteTraceId: '1' },
      ],
    });
    expect(answer.statusCode).toBe(207);
    expect(answer.json()).toMatchObject({
      results: [{ id: contactId, objectWriteTraceId: '0' }],
      errors: [{ category: 'OBJECT_NOT_FOUND', context: { objectWriteTraceId: ['1'] } }],
    });
    const contact = (await hubspot()).contacts.find((one) => one.id === contactId)!;
    expect(contact.properties.firstname).toBe('Batched');
    const twice = await post('/crm/v3/objects/contacts/batch/update', {
      inputs: [
        { id: contactId, properties: { firstname: 'A' } },
        { id: contactId, properties: { firstname: 'B' } },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`Duplicate IDs found in batch input: [${contactId}]`);
  });
});
