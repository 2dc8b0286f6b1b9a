import type {
  BlockListType,
  BlockType,
  HubspotBlockListCreate,
  Platform,
  SalesforceBlockListCreate,
  SmartleadClient,
} from '../contract/index.js';
import {
  hubspotBlockListProblem,
  normalizeBlockListChoices,
  offersDomainForNonLatin,
  salesforceBlockListProblem,
} from './block-list-payload.js';
import { isFieldChange, withField, type FieldChange, type FormRules } from './form.js';

/** What the two block list forms share: the platform side (spec §2 "Block lists screen"). */
export interface PlatformChoices {
  userProfileId: number;
  platform: Platform | null;
  apiKeyId: number | null;
  blockType: BlockType | null;
  client: SmartleadClient | null;
  /** How many Smartlead clients the chosen key has (a client is required when more than one). */
  clientCount: number;
  /** Shown (and sent) only where offersDomainForNonLatin; on by default (spec §5: the whole domain is blocked by default). */
  useDomainForNonLatin: boolean;
}

export interface HubspotBlockListFormState extends PlatformChoices {
  listType: BlockListType | null;
  /** The HubSpot list: its id and name (the name is sent as listName). */
  list: { id: string; name: string } | null;
  /** heyreach: the contact properties holding the profile URL. */
  profileUrlFieldNames: string[];
  /** heyreach: the HeyReach list the leads go to. */
  heyReachListId: number | null;
  /** heyreach: "+ Create New List" was chosen: the list-name input and Create show. */
  creatingHeyReachList: boolean;
  newHeyReachListName: string;
}

export interface SalesforceBlockListFormState extends PlatformChoices {
  /** The list view or report: its id and name. */
  list: { id: string; name: string } | null;
  fields: string[];
}

/** Events of the platform side that are not one field's change. */
type PlatformEvent =
  /** The chosen key's Smartlead clients arrived. */
  | { kind: 'clients-loaded'; count: number }
  /** After a create the form starts again for the same profile. */
  | { kind: 'created' };

export type HubspotBlockListFormChange =
  | FieldChange<HubspotBlockListFormState>
  | PlatformEvent
  /** spec §4: "+ Create New List" was chosen. */
  | { kind: 'heyreach-new-list' }
  /** spec §4: a created list is selected. */
  | { kind: 'heyreach-list-created'; id: number };

export type SalesforceBlockListFormChange =
  FieldChange<SalesforceBlockListFormState> | PlatformEvent;

const emptyPlatformChoices = (userProfileId: number): PlatformChoices => ({
  userProfileId,
  platform: null,
  apiKeyId: null,
  blockType: null,
  client: null,
  clientCount: 0,
  useDomainForNonLatin: true,
});

export const emptyHubspotBlockListForm = (userProfileId: number): HubspotBlockListFormState => ({
  ...emptyPlatformChoices(userProfileId),
  listType: null,
  list: null,
  profileUrlFieldNames: [],
  heyReachListId: null,
  creatingHeyReachList: false,
  newHeyReachListName: '',
});

export const emptySalesforceBlockListForm = (
  userProfileId: number,
): SalesforceBlockListFormState => ({
  ...emptyPlatformChoices(userProfileId),
  list: null,
  fields: [],
});

/** spec §4: a company list forces DOMAIN and locks the blocking type. */
export const blockTypeLocked = (listType: BlockListType | null): boolean =>
  listType === 'COMPANY_LIST';

/** spec §5 "heyreach offers no DOMAIN blocking type and no company lists". */
export const blockTypesFor = (platform: Platform | null): readonly BlockType[] =>
  platform === 'heyreach' ? ['ADDRESS'] : ['ADDRESS', 'DOMAIN'];
export const listTypesFor = (platform: Platform | null): readonly BlockListType[] =>
  platform === 'heyreach' ? ['CONTACT_LIST'] : ['CONTACT_LIST', 'COMPANY_LIST'];

/** spec §5 "SALESFORCE offers no heyreach platform". */
export const salesforceBlockListPlatforms: readonly Platform[] = [
  'smartlead',
  'instantly',
  'bison',
];

/** spec §3 "HUBSPOT list": objectTypeId 0-1 holds contacts (a contact list), 0-2 companies (a company list). */
export const hubspotListTypeOf = (objectTypeId: string): BlockListType | null =>
  objectTypeId === '0-1' ? 'CONTACT_LIST' : objectTypeId === '0-2' ? 'COMPANY_LIST' : null;

/** spec §5: the client selector is there for a Smartlead key with more than one client. */
export const showsClient = (state: Pick<PlatformChoices, 'platform' | 'clientCount'>): boolean =>
  state.platform === 'smartlead' && state.clientCount > 1;

/** spec §5 "Block list further rules": the useDomainForNonLatin checkbox. */
export const showsDomainForNonLatin = (
  state: Pick<PlatformChoices, 'platform' | 'blockType'> & { listType?: BlockListType | null },
): boolean => offersDomainForNonLatin(state.platform, state.blockType, state.listType);

/** spec §4: a new key has its own clients and lists. */
const keyResets = { client: null, clientCount: 0 } as const;
const heyReachResets = {
  heyReachListId: null,
  creatingHeyReachList: false,
  newHeyReachListName: '',
} as const;

/**
 * spec §4 "Block list form": a platform change clears client, API key, profile fields and list (for
 * heyreach also a company list type and DOMAIN, which it does not offer); a company list forces DOMAIN;
 * a new list type clears a list of the other type; a new key clears its client and HeyReach list.
 */
function applyHubspot(
  state: HubspotBlockListFormState,
  change: HubspotBlockListFormChange,
): HubspotBlockListFormState {
  if (isFieldChange<HubspotBlockListFormState, object>(change)) {
    const next = withField(state, change);
    switch (change.field) {
      case 'platform': {
        const cleared = {
          ...next,
          ...keyResets,
          ...heyReachResets,
          apiKeyId: null,
          profileUrlFieldNames: [],
        };
        if (change.value !== 'heyreach') return cleared;
        const companyList = state.listType === 'COMPANY_LIST';
        return {
          ...cleared,
          listType: companyList ? null : state.listType,
          list: companyList ? null : state.list,
          blockType: companyList || state.blockType === 'DOMAIN' ? null : state.blockType,
        };
      }
      case 'listType':
        return {
          ...next,
          list: null,
          blockType: blockTypeLocked(change.value) ? 'DOMAIN' : state.blockType,
        };
      case 'blockType':
        return blockTypeLocked(state.listType) ? state : next;
      case 'apiKeyId':
        return { ...next, ...keyResets, ...heyReachResets };
      case 'heyReachListId':
        return { ...next, creatingHeyReachList: false, newHeyReachListName: '' };
      default:
        return next;
    }
  }
  switch (change.kind) {
    case 'clients-loaded':
      return { ...state, clientCount: change.count };
    case 'heyreach-new-list':
      return { ...state, heyReachListId: null, creatingHeyReachList: true };
    case 'heyreach-list-created':
      return { ...state, ...heyReachResets, heyReachListId: change.id };
    case 'created':
      return emptyHubspotBlockListForm(state.userProfileId);
  }
}

/** spec §4 for SALESFORCE: a platform change clears client and API key; another list clears its fields. */
function applySalesforce(
  state: SalesforceBlockListFormState,
  change: SalesforceBlockListFormChange,
): SalesforceBlockListFormState {
  if (isFieldChange<SalesforceBlockListFormState, object>(change)) {
    const next = withField(state, change);
    switch (change.field) {
      case 'platform':
        return { ...next, ...keyResets, apiKeyId: null };
      case 'apiKeyId':
        return { ...next, ...keyResets };
      case 'list':
        return { ...next, fields: [] };
      default:
        return next;
    }
  }
  return change.kind === 'created'
    ? emptySalesforceBlockListForm(state.userProfileId)
    : { ...state, clientCount: change.count };
}

const clientPayload = (state: PlatformChoices) =>
  state.platform === 'smartlead' && state.client
    ? { id: state.client.id, email: state.client.email, name: state.client.name }
    : null;

/** The platform side as the api's rules read it (shared/rules block-list-payload). */
const platformChoices = (state: PlatformChoices) => ({
  platform: state.platform,
  apiKeyId: state.apiKeyId,
  blockType: state.blockType,
  client: clientPayload(state),
  clientCount: showsClient(state) ? state.clientCount : 0,
  useDomainForNonLatin: state.useDomainForNonLatin,
});

const hubspotChoices = (state: HubspotBlockListFormState) =>
  normalizeBlockListChoices({
    ...platformChoices(state),
    listType: state.listType,
    listId: state.list?.id ?? null,
    profileUrlFieldNames: state.profileUrlFieldNames,
    heyReachListId: state.heyReachListId,
  });

const salesforceChoices = (state: SalesforceBlockListFormState) =>
  normalizeBlockListChoices({
    ...platformChoices(state),
    listIdentifier: state.list?.id ?? null,
    fields: state.fields,
  });

export type HubspotBlockListField = NonNullable<
  ReturnType<typeof hubspotBlockListProblem>
>['field'];
export type SalesforceBlockListField = NonNullable<
  ReturnType<typeof salesforceBlockListProblem>
>['field'];

/** spec §5 "Block list (HUBSPOT)": the api's own check (shared/rules block-list-payload), and the POST body. */
export const hubspotBlockListForm: FormRules<
  HubspotBlockListFormState,
  HubspotBlockListFormChange,
  HubspotBlockListCreate,
  HubspotBlockListField
> = {
  apply: applyHubspot,
  problem: (state) => hubspotBlockListProblem(hubspotChoices(state)),
  toPayload: (state) => {
    const choices = hubspotChoices(state);
    const heyReach = state.platform === 'heyreach';
    return {
      crm: 'HUBSPOT',
      userProfileId: state.userProfileId,
      listId: choices.listId,
      listName: state.list?.name ?? null,
      listType: choices.listType ?? null,
      apiKeyId: choices.apiKeyId,
      blockType: choices.blockType ?? null,
      client: choices.client,
      useDomainForNonLatin: choices.useDomainForNonLatin,
      profileUrlFieldNames: heyReach ? state.profileUrlFieldNames : [],
      heyReachListId: heyReach ? state.heyReachListId : null,
    };
  },
};

/** spec §5 "Block list (SALESFORCE)": the api's own check, and the POST body. */
export const salesforceBlockListForm: FormRules<
  SalesforceBlockListFormState,
  SalesforceBlockListFormChange,
  SalesforceBlockListCreate,
  SalesforceBlockListField
> = {
  apply: applySalesforce,
  problem: (state) => salesforceBlockListProblem(salesforceChoices(state)),
  toPayload: (state) => {
    const choices = salesforceChoices(state);
    return {
      crm: 'SALESFORCE',
      userProfileId: state.userProfileId,
      listIdentifier: choices.listIdentifier,
      listName: state.list?.name ?? null,
      apiKeyId: choices.apiKeyId,
      blockType: choices.blockType ?? null,
      client: choices.client,
      fields: state.fields,
      useDomainForNonLatin: choices.useDomainForNonLatin,
    };
  },
};
