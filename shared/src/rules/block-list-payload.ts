import type { BlockListType, BlockType, Platform } from '../contract/index.js';
import type { FormProblem } from './form.js';

/** spec §5 "Block list (HUBSPOT)" / "(SALESFORCE)" texts, and the further rules' texts. */
export const blockListMessages = {
  listType: 'Select List Type',
  hubspotList: 'Select hubspot list',
  salesforceList: 'Select list',
  fields: 'Select fields',
  platform: 'Select Email Service',
  apiKey: 'Select API Key',
  blockType: 'Select Type of blocking',
  client: 'Select Smartlead Client',
  heyReachProfileUrlFields: 'Select at least one Profile URL field for HeyReach',
  heyReachList: 'Please select HeyReach list',
  heyReachDomain: 'HeyReach does not support DOMAIN blocking: choose ADDRESS',
  heyReachCompanyList: 'HeyReach does not support company lists: choose a contact list',
  salesforceHeyReach: 'HeyReach is not available for SALESFORCE block lists',
} as const;

const blank = (value: string | number | null | undefined): boolean =>
  value === null || value === undefined || String(value).trim() === '';

interface CommonValues {
  /**
   * The form's Email Service (null: not chosen). The server passes the chosen API key's platform, or
   * undefined when no key is chosen (its payload has no platform of its own: "Select API Key" then).
   */
  platform: Platform | null | undefined;
  apiKeyId: number | null | undefined;
  blockType: BlockType | null | undefined;
  client?: unknown;
  /** How many Smartlead clients the key has; a client is required when there is more than one. */
  clientCount?: number;
}

export interface HubspotBlockListValues extends CommonValues {
  listType: BlockListType | null | undefined;
  listId: string | number | null | undefined;
  profileUrlFieldNames?: readonly string[] | null;
  heyReachListId?: string | number | null;
}

export interface SalesforceBlockListValues extends CommonValues {
  listIdentifier: string | null | undefined;
  fields: readonly string[] | null | undefined;
}

type HubspotField =
  | 'listType'
  | 'listId'
  | 'platform'
  | 'apiKeyId'
  | 'blockType'
  | 'client'
  | 'profileUrlFieldNames'
  | 'heyReachListId';
type SalesforceField =
  'listIdentifier' | 'fields' | 'platform' | 'apiKeyId' | 'blockType' | 'client';

function commonProblem(
  values: CommonValues,
): FormProblem<'platform' | 'apiKeyId' | 'blockType' | 'client'> | null {
  if (values.platform === null) return { field: 'platform', message: blockListMessages.platform };
  if (values.apiKeyId === null || values.apiKeyId === undefined)
    return { field: 'apiKeyId', message: blockListMessages.apiKey };
  if (!values.blockType) return { field: 'blockType', message: blockListMessages.blockType };
  if ((values.clientCount ?? 0) > 1 && (values.client === null || values.client === undefined))
    return { field: 'client', message: blockListMessages.client };
  return null;
}

/**
 * The first problem of a HUBSPOT block list (spec §5 order), or null. Run it on the values after
 * normalizeBlockListChoices (a company list has already forced DOMAIN).
 */
export function hubspotBlockListProblem(
  values: HubspotBlockListValues,
): FormProblem<HubspotField> | null {
  if (!values.listType) return { field: 'listType', message: blockListMessages.listType };
  if (blank(values.listId)) return { field: 'listId', message: blockListMessages.hubspotList };
  const common = commonProblem(values);
  if (common) return common;
  if (values.platform === 'heyreach') {
    if (values.listType === 'COMPANY_LIST')
      return { field: 'listType', message: blockListMessages.heyReachCompanyList };
    if (values.blockType === 'DOMAIN')
      return { field: 'blockType', message: blockListMessages.heyReachDomain };
    if (!values.profileUrlFieldNames?.some((name) => name.trim() !== ''))
      return { field: 'profileUrlFieldNames', message: blockListMessages.heyReachProfileUrlFields };
    if (blank(values.heyReachListId))
      return { field: 'heyReachListId', message: blockListMessages.heyReachList };
  }
  return null;
}

/** The first problem of a SALESFORCE block list (spec §5 order; no heyreach), or null. */
export function salesforceBlockListProblem(
  values: SalesforceBlockListValues,
): FormProblem<SalesforceField> | null {
  if (blank(values.listIdentifier))
    return { field: 'listIdentifier', message: blockListMessages.salesforceList };
  if (!values.fields?.some((field) => field.trim() !== ''))
    return { field: 'fields', message: blockListMessages.fields };
  if (values.platform === 'heyreach')
    return { field: 'platform', message: blockListMessages.salesforceHeyReach };
  return commonProblem(values);
}

/** spec §5: the non-Latin checkbox is offered for instantly with ADDRESS blocking (and, on HUBSPOT, a contact list). */
export function offersDomainForNonLatin(
  platform: Platform | null | undefined,
  blockType: BlockType | null | undefined,
  listType?: BlockListType | null,
): boolean {
  return (
    platform === 'instantly' &&
    blockType === 'ADDRESS' &&
    (listType === undefined || listType === 'CONTACT_LIST')
  );
}

export interface BlockListChoices {
  platform: Platform | null | undefined;
  blockType: BlockType | null | undefined;
  /** HUBSPOT only; leave undefined for SALESFORCE. */
  listType?: BlockListType | null;
  useDomainForNonLatin: boolean;
}

/**
 * spec §4/§5: a company list forces DOMAIN blocking; useDomainForNonLatin only stays on where the
 * checkbox is offered.
 */
export function normalizeBlockListChoices<T extends BlockListChoices>(values: T): T {
  const blockType = values.listType === 'COMPANY_LIST' ? 'DOMAIN' : values.blockType;
  return {
    ...values,
    blockType,
    useDomainForNonLatin:
      values.useDomainForNonLatin &&
      offersDomainForNonLatin(values.platform, blockType, values.listType),
  };
}
