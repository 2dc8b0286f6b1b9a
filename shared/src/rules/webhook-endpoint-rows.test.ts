import {
  allEventTypes,
  emailEventTypes,
  socialEventTypes,
  type WebhookUserAccount,
} from '../contract';
import { additionalEndpointsProblem } from './webhook-payload';
import {
  applyEndpointRows,
  blankEndpointRow,
  endpointEventTypes,
  endpointRowProblem,
  endpointRowsOf,
  endpointRowsPayload,
  initialEndpointRows,
  type EndpointRow,
} from './webhook-endpoint-rows';

const crm: WebhookUserAccount = {
  id: 1,
  url: 'https://hooks.example.com/crm',
  description: 'CRM mirror',
};
const slack: WebhookUserAccount = {
  id: 2,
  url: 'https://hooks.example.com/slack',
  description: 'Slack',
};
const complete: EndpointRow = { userAccount: crm, eventTypes: ['EMAIL_REPLY'] };

describe('Additional Endpoints rows (spec §4)', () => {
  it('starts with one blank row', () => {
    expect(initialEndpointRows()).toEqual([{ userAccount: null, eventTypes: [] }]);
  });

  describe('"+"', () => {
    it('says what an incomplete row lacks: its endpoint first, then its event types', () => {
      expect(endpointRowProblem(blankEndpointRow())).toEqual({
        field: 'account',
        message: 'Select Endpoint',
      });
      expect(endpointRowProblem({ userAccount: crm, eventTypes: [] })).toEqual({
        field: 'eventTypes',
        message: 'Select Event Types',
      });
      expect(endpointRowProblem(complete)).toBeNull();
    });
    it('adds a blank row after a row with an account and an event type', () => {
      expect(applyEndpointRows([complete], { kind: 'add', index: 0 })).toEqual({
        rows: [complete, blankEndpointRow()],
        error: null,
      });
    });
    it.each([
      ['a blank row', blankEndpointRow()],
      ['a row without an event type', { userAccount: crm, eventTypes: [] }],
      ['a row without an account', { userAccount: null, eventTypes: ['EMAIL_REPLY'] }],
    ])('adds nothing after %s', (_, row) => {
      expect(applyEndpointRows([row], { kind: 'add', index: 0 })).toEqual({
        rows: [row],
        error: null,
      });
    });
    it('inserts the blank row right after the row it belongs to', () => {
      const second = { userAccount: slack, eventTypes: ['EMAIL_SENT'] };
      expect(applyEndpointRows([complete, second], { kind: 'add', index: 0 }).rows).toEqual([
        complete,
        blankEndpointRow(),
        second,
      ]);
    });
  });

  describe('"−"', () => {
    it('removes the row', () => {
      const second = { userAccount: slack, eventTypes: ['EMAIL_SENT'] };
      expect(applyEndpointRows([complete, second], { kind: 'remove', index: 0 })).toEqual({
        rows: [second],
        error: null,
      });
    });
    it('resets to a single blank row when it was the last', () => {
      expect(applyEndpointRows([complete], { kind: 'remove', index: 0 })).toEqual({
        rows: [blankEndpointRow()],
        error: null,
      });
    });
  });

  describe('choosing an account', () => {
    it('sets it on the row', () => {
      expect(
        applyEndpointRows([blankEndpointRow()], { kind: 'account', index: 0, account: slack }),
      ).toEqual({ rows: [{ userAccount: slack, eventTypes: [] }], error: null });
    });
    it('removes the duplicate row with "Endpoint is already selected" when another row uses it', () => {
      const result = applyEndpointRows([complete, blankEndpointRow()], {
        kind: 'account',
        index: 1,
        account: { ...crm },
      });
      expect(result).toEqual({ rows: [complete], error: 'Endpoint is already selected' });
    });
    it('choosing the same account again on its own row is no duplicate', () => {
      expect(applyEndpointRows([complete], { kind: 'account', index: 0, account: crm })).toEqual({
        rows: [complete],
        error: null,
      });
    });
    it('clearing the account leaves the row', () => {
      expect(
        applyEndpointRows([complete], { kind: 'account', index: 0, account: null }).rows,
      ).toEqual([{ userAccount: null, eventTypes: ['EMAIL_REPLY'] }]);
    });
  });

  it("sets a row's event types", () => {
    expect(
      applyEndpointRows([{ userAccount: crm, eventTypes: [] }], {
        kind: 'eventTypes',
        index: 0,
        eventTypes: ['EMAIL_OPEN', 'EMAIL_SENT'],
      }).rows,
    ).toEqual([{ userAccount: crm, eventTypes: ['EMAIL_OPEN', 'EMAIL_SENT'] }]);
  });

  it("empties every row's event types on a platform change, keeping the accounts", () => {
    const second = { userAccount: slack, eventTypes: ['EMAIL_SENT', 'EMAIL_OPEN'] };
    expect(applyEndpointRows([complete, second], { kind: 'platformChanged' })).toEqual({
      rows: [
        { userAccount: crm, eventTypes: [] },
        { userAccount: slack, eventTypes: [] },
      ],
      error: null,
    });
  });

  it('does not change the rows it was given', () => {
    const rows = [complete];
    applyEndpointRows(rows, { kind: 'add', index: 0 });
    applyEndpointRows(rows, { kind: 'platformChanged' });
    expect(rows).toEqual([complete]);
  });
});

describe('event types offered per platform (spec §9)', () => {
  it('heyreach offers the seven social events', () => {
    expect(endpointEventTypes('heyreach')).toEqual(socialEventTypes);
    expect(endpointEventTypes('heyreach')).toHaveLength(7);
  });
  it.each(['smartlead', 'instantly', 'bison'] as const)(
    '%s offers the seven email events',
    (platform) => {
      expect(endpointEventTypes(platform)).toEqual(emailEventTypes);
      expect(endpointEventTypes(platform)).toHaveLength(7);
    },
  );
  it('without a platform all fourteen', () => {
    expect(endpointEventTypes(null)).toEqual(allEventTypes);
    expect(endpointEventTypes(undefined)).toHaveLength(14);
  });
});

describe('rows of a stored webhook, and the payload', () => {
  it('a webhook without endpoints gives one blank row', () => {
    expect(endpointRowsOf([])).toEqual([blankEndpointRow()]);
  });
  it("a webhook's endpoints become its rows", () => {
    expect(endpointRowsOf([{ userAccount: crm, eventTypes: ['EMAIL_REPLY'] }])).toEqual([complete]);
  });
  it('the payload drops blank rows and sends the account id and description', () => {
    expect(endpointRowsPayload([complete, blankEndpointRow()])).toEqual([
      { userAccount: { id: 1, description: 'CRM mirror' }, eventTypes: ['EMAIL_REPLY'] },
    ]);
  });
  it('an account without an event type gives "Select Event Types" (spec §5)', () => {
    expect(additionalEndpointsProblem([{ userAccount: crm, eventTypes: [] }])).toEqual({
      field: 'additionalEndpoints',
      message: 'Select Event Types',
    });
    expect(additionalEndpointsProblem([complete, blankEndpointRow()])).toBeNull();
  });
});
