import { bearer, hubspotTokens, makeSandbox, salesforceTokens } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

/** What the CRM writers call: HubSpot batch upsert, unique properties, communications; Salesforce composite and collections. */
describe('CRM writes the writers make', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  describe('HubSpot', () => {
    let auth: { authorization: string };
    beforeEach(async () => {
      auth = bearer((await hubspotTokens(app)).access_token);
    });
    const post = (url: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/hubspot${url}`,
        headers: auth,
        payload: payload as object,
      });
    const get = (url: string) =>
      app.inject({ method: 'GET', url: `/hubspot${url}`, headers: auth });
    const put = (url: string, payload?: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/hubspot${url}`,
        headers: auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('batch upsert by email creates once, then updates the same contact (new: false); the writes are recorded', async () => {
      const input = {
        idProperty: 'email',
        id: 'New.Person@Acme.example',
        properties: { firstname: 'New', os_last_sent_at: '2025-06-01T12:00:00.000Z' },
      };
      const first = await post('/crm/v3/objects/contacts/batch/upsert', { inputs: [input] });
      expect(first.statusCode).toBe(200);
      const created = first.json().results[0];
      expect(created).toMatchObject({
        new: true,
        properties: { email: 'new.person@acme.example', firstname: 'New' },
      });
      const second = (
        await post('/crm/v3/objects/contacts/batch/upsert', {
          inputs: [{ ...input, properties: { lastname: 'Person' } }],
        })
      ).json();
      expect(second).toMatchObject({
        status: 'COMPLETE',
        results: [
          { id: created.id, new: false, properties: { firstname: 'New', lastname: 'Person' } },
        ],
      });
      const state = (await app.inject({ method: 'GET', url: '/_sandbox/state/hubspot' })).json();
      expect(
        state.writes
          .filter((write: { id: string }) => write.id === created.id)
          .map((write: { action: string }) => write.action),
      ).toEqual(['create', 'update']);
    });

    it('batch upsert refuses a property without unique values, and bad values', async () => {
      const notUnique = await post('/crm/v3/objects/contacts/batch/upsert', {
        inputs: [
          { idProperty: 'hs_linkedin_url', id: 'https://www.linkedin.com/in/x', properties: {} },
        ],
      });
      expect(notUnique.statusCode).toBe(400);
      expect(notUnique.json().message).toContain('is not a unique property of contacts');
      const bad = await post('/crm/v3/objects/contacts/batch/upsert', {
        inputs: [{ idProperty: 'email', id: 'a@b.example', properties: { os_no_such: '1' } }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        category: 'VALIDATION_ERROR',
        message: expect.stringContaining('PROPERTY_DOESNT_EXIST'),
      });
    });

    it('a custom property created with unique values keys upserts and reads (idProperty)', async () => {
      const created = await post('/crm/v3/properties/contacts', {
        name: 'external_id',
        label: 'External ID',
        type: 'string',
        fieldType: 'text',
        groupName: 'os_sync',
        hasUniqueValue: true,
      });
      expect(created.json()).toMatchObject({ hasUniqueValue: true });
      const upsert = (
        await post('/crm/v3/objects/contacts/batch/upsert', {
          inputs: [
            { idProperty: 'external_id', id: 'EXT-1', properties: { email: 'ext@acme.example' } },
          ],
        })
      ).json();
      const read = await get(
        '/crm/v3/objects/contacts/EXT-1?idProperty=external_id&properties=email,external_id',
      );
      expect(read.json()).toMatchObject({
        id: upsert.results[0].id,
        properties: { email: 'ext@acme.example', external_id: 'EXT-1' },
      });
    });

    it('creates LinkedIn communications (hs_timestamp required) and associates them with a contact (type 81)', async () => {
      const missing = await post('/crm/v3/objects/communications', {
        properties: { hs_communication_channel_type: 'LINKEDIN_MESSAGE' },
      });
      expect(missing.statusCode).toBe(400);
      const communication = await post('/crm/v3/objects/communications', {
        properties: {
          hs_timestamp: '2025-06-01T12:00:00.000Z',
          hs_communication_channel_type: 'LINKEDIN_MESSAGE',
          hs_communication_logged_from: 'CRM',
          hs_communication_body: 'Hi',
        },
      });
      expect(communication.statusCode).toBe(201);
      const id = communication.json().id;
      expect(
        (
          await put(`/crm/v4/objects/communications/${id}/associations/default/contacts/1001`)
        ).json().results[0].associationSpec.associationTypeId,
      ).toBe(81);
      expect(
        (await get('/crm/v4/objects/contacts/1001/associations/communications')).json().results,
      ).toEqual([
        { toObjectId: Number(id), associationTypes: [expect.objectContaining({ typeId: 82 })] },
      ]);
    });

    it('property groups are created once and recorded', async () => {
      const group = await post('/crm/v3/properties/contacts/groups', {
        name: 'crm_sync_extra',
        label: 'Extra',
      });
      expect(group.statusCode).toBe(201);
      expect(
        (
          await post('/crm/v3/properties/contacts/groups', {
            name: 'crm_sync_extra',
            label: 'Extra',
          })
        ).statusCode,
      ).toBe(409);
    });

    it('documents HubSpot’s limits: 110 requests per 10 s, 5 searches per second', async () => {
      const limits = (await app.inject({ method: 'GET', url: '/_sandbox/rate-limits' })).json();
      const rules = JSON.stringify(limits);
      expect(rules).toContain('"max":110');
      expect(rules).toContain('"max":5');
    });
  });

  describe('Salesforce', () => {
    let auth: { authorization: string };
    beforeEach(async () => {
      auth = bearer((await salesforceTokens(app)).access_token);
    });
    const base = '/salesforce/services/data/v60.0';
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `${base}${url}`, headers: auth, payload });
    const patch = (url: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `${base}${url}`, headers: auth, payload });
    const query = async (soql: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `${base}/query?q=${encodeURIComponent(soql)}`,
          headers: auth,
        })
      ).json();

    it('composite: a Lead and a Task on it in one call, the Task referring to the Lead by @{lead.id}', async () => {
      const answer = await post('/composite', {
        allOrNone: false,
        compositeRequest: [
          {
            method: 'POST',
            url: '/services/data/v60.0/sobjects/Lead',
            referenceId: 'lead',
            body: { LastName: 'Doe', Company: 'Acme', Email: 'jane.doe@acme.example' },
          },
          {
            method: 'POST',
            url: '/services/data/v60.0/sobjects/Task',
            referenceId: 'task',
            body: { Subject: 'Reply', WhoId: '@{lead.id}', Status: 'Completed' },
          },
          {
            method: 'GET',
            url: "/services/data/v60.0/query?q=SELECT+Id,Subject+FROM+Task+WHERE+WhoId+=+'@{lead.id}'",
            referenceId: 'check',
          },
        ],
      });
      expect(answer.statusCode).toBe(200);
      const [lead, task, check] = answer.json().compositeResponse;
      expect(lead).toMatchObject({
        httpStatusCode: 201,
        referenceId: 'lead',
        body: { success: true },
      });
      expect(task).toMatchObject({ httpStatusCode: 201, body: { success: true } });
      expect(check.body.records).toEqual([
        expect.objectContaining({ Subject: 'Reply', Id: task.body.id }),
      ]);
    });

    it('composite: a failed subrequest is answered in Salesforce’s words; what refers to it halts; allOrNone rolls back', async () => {
      const mixed = (
        await post('/composite', {
          compositeRequest: [
            {
              method: 'POST',
              url: '/services/data/v60.0/sobjects/Lead',
              referenceId: 'lead',
              body: { LastName: 'Doe' },
            },
            {
              method: 'POST',
              url: '/services/data/v60.0/sobjects/Task',
              referenceId: 'task',
              body: { Subject: 'x', WhoId: '@{lead.id}' },
            },
            {
              method: 'POST',
              url: '/services/data/v60.0/sobjects/Lead',
              referenceId: 'other',
              body: { LastName: 'Roe', Company: 'Acme' },
            },
          ],
        })
      ).json().compositeResponse;
      expect(mixed[0]).toMatchObject({
        httpStatusCode: 400,
        body: [
          {
            errorCode: 'REQUIRED_FIELD_MISSING',
            message: 'Required fields are missing: [Company]',
          },
        ],
      });
      expect(mixed[1]).toMatchObject({
        httpStatusCode: 400,
        body: [{ errorCode: 'PROCESSING_HALTED' }],
      });
      expect(mixed[2]).toMatchObject({ httpStatusCode: 201 });
      const before = (await query("SELECT COUNT() FROM Lead WHERE LastName = 'Poe'")).totalSize;
      const all = (
        await post('/composite', {
          allOrNone: true,
          compositeRequest: [
            {
              method: 'POST',
              url: '/services/data/v60.0/sobjects/Lead',
              referenceId: 'ok',
              body: { LastName: 'Poe', Company: 'Acme' },
            },
            {
              method: 'POST',
              url: '/services/data/v60.0/sobjects/Lead',
              referenceId: 'bad',
              body: { LastName: 'Poe' },
            },
          ],
        })
      ).json().compositeResponse;
      expect(all.map((item: { httpStatusCode: number }) => item.httpStatusCode)).toEqual([
        400, 400,
      ]);
      expect((await query("SELECT COUNT() FROM Lead WHERE LastName = 'Poe'")).totalSize).toBe(
        before,
      );
    });

    it('composite: a record deleted by a reference to a query’s answer; a query that found none halts only the delete', async () => {
      const linkOnce = (lead: string) => [
        {
          method: 'GET',
          url: `/services/data/v60.0/query?q=SELECT+Id+FROM+Task+WHERE+WhoId+=+'${lead}'+LIMIT+1`,
          referenceId: 'earlier',
        },
        {
          method: 'DELETE',
          url: '/services/data/v60.0/sobjects/Task/@{earlier.records[0].Id}',
          referenceId: 'drop',
        },
        {
          method: 'POST',
          url: '/services/data/v60.0/sobjects/Task',
          referenceId: 'task',
          body: { Subject: 'Linked', WhoId: lead },
        },
      ];
      const lead = (await post('/sobjects/Lead', { LastName: 'Once', Company: 'Acme' })).json()
        .id as string;
      const first = (await post('/composite', { compositeRequest: linkOnce(lead) })).json()
        .compositeResponse;
      expect(first.map((item: { httpStatusCode: number }) => item.httpStatusCode)).toEqual([
        200, 400, 201,
      ]);
      expect(first[1].body[0]).toMatchObject({
        errorCode: 'PROCESSING_HALTED',
        message: expect.stringContaining('No value for earlier.records[0].Id'),
      });
      const again = (await post('/composite', { compositeRequest: linkOnce(lead) })).json()
        .compositeResponse;
      expect(again.map((item: { httpStatusCode: number }) => item.httpStatusCode)).toEqual([
        200, 204, 201,
      ]);
      const tasks = await query(`SELECT Id FROM Task WHERE WhoId = '${lead}'`);
      expect(tasks.records).toEqual([expect.objectContaining({ Id: again[2].body.id })]);
    });

    it('composite takes at most 25 subrequests', async () => {
      const compositeRequest = Array.from({ length: 26 }, (_, index) => ({
        method: 'GET',
        url: '/services/data/v60.0/query?q=SELECT+Id+FROM+Lead',
        referenceId: `q${index}`,
      }));
      const answer = await post('/composite', { compositeRequest });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()[0].errorCode).toBe('LIMIT_EXCEEDED');
    });

    it('sObject collections: create and update up to 200 records, per-record results', async () => {
      const created = (
        await post('/composite/sobjects', {
          records: [
            { attributes: { type: 'Lead' }, LastName: 'One', Company: 'Acme' },
            { attributes: { type: 'Lead' }, LastName: 'Two' },
          ],
        })
      ).json();
      expect(created[0]).toMatchObject({ success: true, errors: [] });
      expect(created[1]).toMatchObject({
        success: false,
        errors: [{ statusCode: 'REQUIRED_FIELD_MISSING' }],
      });
      const updated = (
        await patch('/composite/sobjects', {
          records: [{ attributes: { type: 'Lead' }, id: created[0].id, Title: 'CEO' }],
        })
      ).json();
      expect(updated).toEqual([{ id: created[0].id, success: true, errors: [] }]);
      const tooMany = await post('/composite/sobjects', {
        records: Array.from({ length: 201 }, () => ({
          attributes: { type: 'Lead' },
          LastName: 'x',
          Company: 'y',
        })),
      });
      expect(tooMany.statusCode).toBe(400);
    });

    it('EmailMessage linked to a Lead through EmailMessageRelation (RelatedToId refuses a person, as a real org does)', async () => {
      const lead = (
        await query("SELECT Id FROM Lead WHERE Email = 'ada.lovelace@northwind.example'")
      ).records[0].Id;
      const refused = await post('/sobjects/EmailMessage', {
        Subject: 'Hello',
        Incoming: false,
        Status: '3',
        RelatedToId: lead,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()[0]).toMatchObject({
        errorCode: 'FIELD_INTEGRITY_EXCEPTION',
        fields: ['RelatedToId'],
      });
      const email = await post('/sobjects/EmailMessage', {
        Subject: 'Hello',
        TextBody: 'Hi',
        Incoming: false,
        Status: '3',
        ToAddress: 'ada.lovelace@northwind.example',
      });
      expect(email.statusCode).toBe(201);
      const relation = await post('/sobjects/EmailMessageRelation', {
        EmailMessageId: email.json().id,
        RelationId: lead,
        RelationType: 'ToAddress',
      });
      expect(relation.statusCode).toBe(201);
      expect(
        (
          await post('/sobjects/EmailMessageRelation', {
            EmailMessageId: email.json().id,
            RelationId: lead,
            RelationType: 'Sideways',
          })
        ).statusCode,
      ).toBe(400);
      const linked = (
        await query(
          `SELECT EmailMessageId, RelationType, RelationObjectType FROM EmailMessageRelation WHERE RelationId = '${lead}'`,
        )
      ).records;
      expect(linked).toEqual([
        expect.objectContaining({
          EmailMessageId: email.json().id,
          RelationType: 'ToAddress',
          RelationObjectType: 'Lead',
        }),
      ]);
    });
  });
});
