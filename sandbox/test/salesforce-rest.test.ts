import { bearer, makeSandbox, salesforceTokens } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('Salesforce REST', () => {
  let app: App;
  let auth: { authorization: string };
  beforeEach(async () => {
    app = await makeSandbox();
    auth = bearer((await salesforceTokens(app)).access_token);
  });
  afterEach(() => app.close());

  const base = '/salesforce/services/data/v60.0';
  const query = (soql: string, path = 'query') =>
    app.inject({
      method: 'GET',
      url: `${base}/${path}?q=${encodeURIComponent(soql)}`,
      headers: auth,
    });
  const get = (url: string) => app.inject({ method: 'GET', url: `${base}${url}`, headers: auth });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `${base}${url}`, headers: auth, payload });
  const patch = (url: string, payload: object) =>
    app.inject({ method: 'PATCH', url: `${base}${url}`, headers: auth, payload });

  it('queries Lead and Contact by Email and by another field', async () => {
    const lead = (
      await query(
        "SELECT Id, Email, FirstName, LastName, Company FROM Lead WHERE Email = 'ADA.LOVELACE@northwind.example'",
      )
    ).json();
    expect(lead).toMatchObject({
      totalSize: 1,
      done: true,
      records: [
        {
          attributes: {
            type: 'Lead',
            url: expect.stringMatching(/^\/services\/data\/v60\.0\/sobjects\/Lead\/00Q/),
          },
          Email: 'ada.lovelace@northwind.example',
          Company: 'Northwind Traders',
        },
      ],
    });
    expect(Object.keys(lead.records[0])).toEqual([
      'attributes',
      'Id',
      'Email',
      'FirstName',
      'LastName',
      'Company',
    ]);
    const byCompany = (
      await query(
        "select id, name from lead where company = 'Competitor Inc' order by name desc limit 2",
      )
    ).json();
    expect(byCompany.totalSize).toBe(2);
    expect(byCompany.records[0].Name > byCompany.records[1].Name).toBe(true);
    const contacts = (
      await query(
        "SELECT Id, Email FROM Contact WHERE Email LIKE '%@fabrikam.example' OR Title IN ('CFO')",
      )
    ).json();
    expect(contacts.totalSize).toBeGreaterThan(0);
    const count = (await query('SELECT COUNT() FROM Lead WHERE HasOptedOutOfEmail = true')).json();
    expect(count).toEqual({ totalSize: 4, done: true, records: [] });
  });

  it('queries users as owners, with relationship fields', async () => {
    const users = (
      await query(
        'SELECT Id, Name, Email, Profile.Name FROM User WHERE IsActive = true ORDER BY Name',
      )
    ).json();
    expect(users.totalSize).toBe(4);
    expect(
      users.records.find((user: { Name: string }) => user.Name === 'Sandbox Admin'),
    ).toMatchObject({ Profile: { attributes: { type: 'Profile' }, Name: 'System Administrator' } });
    const leadOwners = (
      await query(
        "SELECT Id, Owner.Name, Owner.Email FROM Lead WHERE Email = 'ada.lovelace@northwind.example'",
      )
    ).json();
    expect(leadOwners.records[0].Owner).toMatchObject({
      attributes: { type: 'User' },
      Name: 'Sandbox Admin',
      Email: 'admin@crm-sync-sandbox.example',
    });
  });

  it('queries permission sets (System Administrator among them) and list views', async () => {
    const sets = (await query('SELECT Id, Name, Label FROM PermissionSet ORDER BY Name')).json();
    expect(sets.records.map((set: { Name: string }) => set.Name)).toEqual([
      'Marketing_User',
      'Sales_Operations',
      'Standard User',
      'System Administrator',
    ]);
    expect(
      sets.records.every((set: { Id: string }) => set.Id.startsWith('0PS') && set.Id.length === 18),
    ).toBe(true);
    const views = (
      await query("SELECT Id, Name, DeveloperName FROM ListView WHERE SobjectType = 'Lead'")
    ).json();
    expect(views.records.map((view: { Name: string }) => view.Name)).toEqual([
      'All Open Leads',
      'Do Not Contact Leads',
      'All Leads',
    ]);
  });

  it('answers malformed queries, unknown fields and unknown objects as Salesforce does', async () => {
    const malformed = await query('SELECT FROM Lead');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()[0].errorCode).toBe('MALFORMED_QUERY');
    const field = (await query('SELECT Id, Nope__c FROM Lead')).json();
    expect(field[0]).toMatchObject({
      errorCode: 'INVALID_FIELD',
      message: expect.stringContaining("No such column 'Nope__c' on entity 'Lead'"),
    });
    expect((await query('SELECT Id FROM Widget__c')).json()[0].errorCode).toBe('INVALID_TYPE');
    expect(
      (await app.inject({ method: 'GET', url: `${base}/query`, headers: auth })).statusCode,
    ).toBe(400);
  });

  it('creates and updates Lead, Contact, Task and EmailMessage records', async () => {
    const lead = await post('/sobjects/Lead', {
      FirstName: 'Grace',
      LastName: 'Newlead',
      Company: 'Acme',
      Email: 'grace@acme.example',
      LeadSource: 'Outbound',
    });
    expect(lead.statusCode).toBe(201);
    expect(lead.json()).toEqual({
      id: expect.stringMatching(/^00Q\w{15}$/),
      success: true,
      errors: [],
    });
    const leadId = lead.json().id;
    const updated = await patch(`/sobjects/Lead/${leadId}`, {
      Status: 'Working - Contacted',
      Title: 'CTO',
    });
    expect(updated.statusCode).toBe(204);
    const read = (await get(`/sobjects/Lead/${leadId}?fields=Name,Status,Title,OwnerId`)).json();
    expect(read).toMatchObject({
      Name: 'Grace Newlead',
      Status: 'Working - Contacted',
      Title: 'CTO',
      OwnerId: expect.stringMatching(/^005/),
    });
    const contact = await post('/sobjects/Contact', {
      LastName: 'Person',
      Email: 'contact@acme.example',
    });
    expect(contact.statusCode).toBe(201);
    const task = await post('/sobjects/Task', {
      Subject: 'Email: Quick question',
      WhoId: leadId,
      Status: 'Completed',
      TaskSubtype: 'Email',
      ActivityDate: '2025-06-01',
    });
    expect(task.statusCode).toBe(201);
    const email = await post('/sobjects/EmailMessage', {
      Subject: 'Quick question',
      TextBody: 'Hi',
      FromAddress: 'rep@sender.example',
      ToAddress: 'grace@acme.example',
      Status: '3',
      Incoming: false,
      MessageDate: '2025-06-01T12:00:00.000+0000',
    });
    expect(email.statusCode).toBe(201);
    expect(
      (
        await post('/sobjects/EmailMessageRelation', {
          EmailMessageId: email.json().id,
          RelationId: leadId,
          RelationType: 'ToAddress',
        })
      ).statusCode,
    ).toBe(201);
    const tasks = (
      await query(`SELECT Id, Subject, Who.Name FROM Task WHERE WhoId = '${leadId}'`)
    ).json();
    expect(tasks.records[0]).toMatchObject({
      Subject: 'Email: Quick question',
      Who: { Name: 'Grace Newlead' },
    });
  });

  it('refuses missing required fields, unknown and read-only fields, bad references and unknown records', async () => {
    const missing = await post('/sobjects/Lead', { FirstName: 'No' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual([
      {
        message: 'Required fields are missing: [LastName, Company]',
        errorCode: 'REQUIRED_FIELD_MISSING',
        fields: ['LastName', 'Company'],
      },
    ]);
    const unknown = await post('/sobjects/Lead', { LastName: 'X', Company: 'Y', Foo__c: 'z' });
    expect(unknown.json()).toEqual([
      { message: "No such column 'Foo__c' on sobject of type Lead", errorCode: 'INVALID_FIELD' },
    ]);
    const readOnly = await post('/sobjects/Lead', { LastName: 'X', Company: 'Y', Name: 'z' });
    expect(readOnly.json()[0].errorCode).toBe('INVALID_FIELD_FOR_INSERT_UPDATE');
    const badEmail = await post('/sobjects/Contact', { LastName: 'X', Email: 'not-an-email' });
    expect(badEmail.json()[0].errorCode).toBe('INVALID_EMAIL_ADDRESS');
    const badOwner = await post('/sobjects/Task', { Subject: 'x', WhoId: '00Q000000000000AAA' });
    expect(badOwner.json()[0].errorCode).toBe('INVALID_CROSS_REFERENCE_KEY');
    expect((await patch('/sobjects/Lead/00Q8d0000099999AAA', { Title: 'x' })).statusCode).toBe(404);
    expect((await post('/sobjects/User', { LastName: 'x' })).json()[0].errorCode).toBe(
      'INVALID_TYPE_FOR_OPERATION',
    );
    expect((await post('/sobjects/Widget', {})).statusCode).toBe(404);
  });

  it('describes objects and lists versions and sobjects', async () => {
    const describe = (await get('/sobjects/Lead/describe')).json();
    expect(describe).toMatchObject({ name: 'Lead', keyPrefix: '00Q', createable: true });
    const email = describe.fields.find((field: { name: string }) => field.name === 'Email');
    expect(email).toMatchObject({ type: 'email', label: 'Email', custom: false, updateable: true });
    expect(
      describe.fields
        .find((field: { name: string }) => field.name === 'Status')
        .picklistValues.map((value: { value: string }) => value.value),
    ).toContain('Open - Not Contacted');
    expect((await get('/sobjects/Nope/describe')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/salesforce/services/data', headers: auth })).json(),
    ).toContainEqual({ label: "Spring '24", url: '/services/data/v60.0', version: '60.0' });
    expect(
      (await get('/sobjects')).json().sobjects.map((object: { name: string }) => object.name),
    ).toEqual(expect.arrayContaining(['Lead', 'Contact', 'Task', 'EmailMessage']));
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/salesforce/services/data/latest/sobjects',
          headers: auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates a custom field with the tooling API; it shows only once FieldPermissions grant it', async () => {
    const create = await post('/tooling/sobjects/CustomField', {
      FullName: 'Lead.os_last_sent_at__c',
      Metadata: { label: 'OS Last Sent At', type: 'DateTime' },
    });
    expect(create.statusCode).toBe(201);
    expect(create.json()).toEqual({
      id: expect.stringMatching(/^00N/),
      success: true,
      errors: [],
      warnings: [],
      infos: [],
    });
    const duplicate = await post('/tooling/sobjects/CustomField', {
      FullName: 'Lead.os_last_sent_at__c',
      Metadata: { label: 'OS Last Sent At', type: 'DateTime' },
    });
    expect(duplicate.json()[0].errorCode).toBe('DUPLICATE_VALUE');
    expect(
      (
        await post('/tooling/sobjects/CustomField', {
          FullName: 'Lead.bad name',
          Metadata: { label: 'x', type: 'Text', length: 10 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/tooling/sobjects/CustomField', {
          FullName: 'Lead.os_text__c',
          Metadata: { label: 'x', type: 'Text' },
        })
      ).json()[0].errorCode,
    ).toBe('FIELD_INTEGRITY_EXCEPTION');
    const tooling = (
      await query(
        "SELECT Id, DeveloperName, TableEnumOrId FROM CustomField WHERE TableEnumOrId = 'Lead'",
        'tooling/query',
      )
    ).json();
    expect(tooling.records[0]).toMatchObject({
      DeveloperName: 'os_last_sent_at',
      TableEnumOrId: 'Lead',
    });

    const hidden = (await get('/sobjects/Lead/describe'))
      .json()
      .fields.map((field: { name: string }) => field.name);
    expect(hidden).not.toContain('os_last_sent_at__c');
    expect((await query('SELECT Id, os_last_sent_at__c FROM Lead')).statusCode).toBe(400);

    const admin = (
      await query("SELECT Id FROM PermissionSet WHERE Name = 'System Administrator'")
    ).json().records[0].Id;
    const badField = await post('/sobjects/FieldPermissions', {
      ParentId: admin,
      SobjectType: 'Lead',
      Field: 'Lead.nothing__c',
      PermissionsRead: true,
      PermissionsEdit: true,
    });
    expect(badField.json()[0].errorCode).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST');
    const grant = await post('/sobjects/FieldPermissions', {
      ParentId: admin,
      SobjectType: 'Lead',
      Field: 'Lead.os_last_sent_at__c',
      PermissionsRead: true,
      PermissionsEdit: true,
    });
    expect(grant.statusCode).toBe(201);
    expect(
      (
        await post('/sobjects/FieldPermissions', {
          ParentId: admin,
          SobjectType: 'Lead',
          Field: 'Lead.os_last_sent_at__c',
          PermissionsRead: true,
          PermissionsEdit: true,
        })
      ).json()[0].errorCode,
    ).toBe('DUPLICATE_VALUE');

    const visible = (await get('/sobjects/Lead/describe'))
      .json()
      .fields.find((field: { name: string }) => field.name === 'os_last_sent_at__c');
    expect(visible).toMatchObject({ custom: true, type: 'datetime', label: 'OS Last Sent At' });
    const lead = (
      await query("SELECT Id FROM Lead WHERE Email = 'ada.lovelace@northwind.example'")
    ).json().records[0].Id;
    expect(
      (
        await patch(`/sobjects/Lead/${lead}`, {
          os_last_sent_at__c: '2025-06-01T12:00:00.000+0000',
        })
      ).statusCode,
    ).toBe(204);
    const read = (await query(`SELECT os_last_sent_at__c FROM Lead WHERE Id = '${lead}'`)).json();
    expect(read.records[0].os_last_sent_at__c).toBe('2025-06-01T12:00:00.000+0000');
  });

  it('keeps a custom field hidden when only a permission set the user lacks is granted', async () => {
    await post('/tooling/sobjects/CustomField', {
      FullName: 'Contact.os_note__c',
      Metadata: { label: 'OS Note', type: 'Text', length: 255 },
    });
    const marketing = (
      await query("SELECT Id FROM PermissionSet WHERE Name = 'Marketing_User'")
    ).json().records[0].Id;
    await post('/sobjects/FieldPermissions', {
      ParentId: marketing,
      SobjectType: 'Contact',
      Field: 'Contact.os_note__c',
      PermissionsRead: true,
      PermissionsEdit: false,
    });
    const fields = (await get('/sobjects/Contact/describe'))
      .json()
      .fields.map((field: { name: string }) => field.name);
    expect(fields).not.toContain('os_note__c');
  });

  it('upserts by an external id: 201 created, 200 updated, once per value; a plain create of a held value is DUPLICATE_VALUE', async () => {
    const admin = (
      await query("SELECT Id FROM PermissionSet WHERE Name = 'System Administrator'")
    ).json().records[0].Id;
    await post('/tooling/sobjects/CustomField', {
      FullName: 'Task.os_event_id__c',
      Metadata: { label: 'Event', type: 'Text', length: 255, externalId: true, unique: true },
    });
    await post('/sobjects/FieldPermissions', {
      ParentId: admin,
      SobjectType: 'Task',
      Field: 'Task.os_event_id__c',
      PermissionsRead: true,
      PermissionsEdit: true,
    });
    expect(
      (await get('/sobjects/Task/describe'))
        .json()
        .fields.find((field: { name: string }) => field.name === 'os_event_id__c'),
    ).toMatchObject({ externalId: true, unique: true });
    const lead = (
      await query("SELECT Id FROM Lead WHERE Email = 'ada.lovelace@northwind.example'")
    ).json().records[0].Id;

    const first = await patch('/sobjects/Task/os_event_id__c/evt-1', {
      Subject: 'Sent',
      WhoId: lead,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, created: true });
    const again = await patch('/sobjects/Task/os_event_id__c/EVT-1', { Subject: 'Sent again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      id: first.json().id,
      success: true,
      errors: [],
      created: false,
    });
    const tasks = (
      await query("SELECT Id, Subject FROM Task WHERE os_event_id__c = 'evt-1'")
    ).json();
    expect(tasks.records.map((task: { Subject: string }) => task.Subject)).toEqual(['Sent again']);

    const duplicate = await post('/sobjects/Task', { Subject: 'x', os_event_id__c: 'evt-1' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()[0]).toMatchObject({
      errorCode: 'DUPLICATE_VALUE',
      message: `duplicate value found: os_event_id__c duplicates value on record with id: ${first.json().id}`,
    });
    expect((await patch('/sobjects/Task/Subject/evt-2', { Subject: 'x' })).json()[0].message).toBe(
      'Provided external ID field does not exist or is not accessible: Subject',
    );

    const composite = await post('/composite', {
      compositeRequest: [
        {
          method: 'PATCH',
          url: '/services/data/v60.0/sobjects/Task/os_event_id__c/evt-1',
          referenceId: 'known',
          body: { Subject: 'Sent' },
        },
        {
          method: 'PATCH',
          url: '/services/data/v60.0/sobjects/Task/os_event_id__c/evt%3A2',
          referenceId: 'fresh',
          body: { Subject: 'Replied', WhoId: lead },
        },
      ],
    });
    expect(
      composite
        .json()
        .compositeResponse.map((answer: { httpStatusCode: number; body: { created: boolean } }) => [
          answer.httpStatusCode,
          answer.body.created,
        ]),
    ).toEqual([
      [200, false],
      [201, true],
    ]);
    expect(
      (await query("SELECT Id FROM Task WHERE os_event_id__c = 'evt:2'")).json().totalSize,
    ).toBe(1);
  });

  it('lists list views, describes one and pages its results', async () => {
    const list = (await get('/sobjects/Lead/listviews')).json();
    expect(list).toMatchObject({ done: true, size: 3, sobjectType: 'Lead' });
    const view = list.listviews.find(
      (candidate: { label: string }) => candidate.label === 'All Leads',
    );
    expect(view).toMatchObject({
      developerName: 'AllLeads',
      soqlCompatible: true,
      resultsUrl: `/services/data/v60.0/sobjects/Lead/listviews/${view.id}/results`,
    });
    const describe = (await get(`/sobjects/Lead/listviews/${view.id}/describe`)).json();
    expect(describe.query).toContain('FROM Lead');
    expect(
      describe.columns.map((column: { fieldNameOrPath: string }) => column.fieldNameOrPath),
    ).toEqual(['Id', 'Name', 'Company', 'Email', 'Website']);
    const first = (await get(`/sobjects/Lead/listviews/${view.id}/results?limit=15`)).json();
    expect(first).toMatchObject({ done: false, size: 15, label: 'All Leads' });
    expect(
      first.records[0].columns.find(
        (cell: { fieldNameOrPath: string }) => cell.fieldNameOrPath === 'Email',
      ).value,
    ).toMatch(/@/);
    const second = (
      await get(`/sobjects/Lead/listviews/${view.id}/results?limit=15&offset=15`)
    ).json();
    expect(second).toMatchObject({ done: true, size: 5 });
    const withOwner = (
      await get(`/sobjects/Lead/listviews/${list.listviews[0].id}/results`)
    ).json();
    expect(
      withOwner.records[0].columns.find(
        (cell: { fieldNameOrPath: string }) => cell.fieldNameOrPath === 'Owner.Alias',
      ).value,
    ).toMatch(/^\w+$/);
    expect((await get('/sobjects/Lead/listviews/00B000000000000AAA/results')).statusCode).toBe(404);
  });

  it("describes a report's fields and runs it", async () => {
    const reports = (await get('/analytics/reports')).json();
    expect(reports.map((report: { name: string }) => report.name)).toEqual([
      'Do-not-contact leads',
      'Customer contacts',
    ]);
    const describe = (await get(`/analytics/reports/${reports[0].id}/describe`)).json();
    expect(describe.reportMetadata).toMatchObject({
      name: 'Do-not-contact leads',
      reportFormat: 'TABULAR',
      detailColumns: ['FIRST_NAME', 'LAST_NAME', 'EMAIL', 'COMPANY', 'URL'],
    });
    expect(describe.reportExtendedMetadata.detailColumnInfo.EMAIL).toEqual({
      label: 'Email',
      dataType: 'email',
    });
    const run = (await get(`/analytics/reports/${reports[0].id}?includeDetails=true`)).json();
    expect(run.factMap['T!T'].rows).toHaveLength(4);
    expect(run.factMap['T!T'].rows[0].dataCells[2].value).toMatch(/@/);
    expect((await get('/analytics/reports/00O000000000000AAA/describe')).statusCode).toBe(404);
  });
});
