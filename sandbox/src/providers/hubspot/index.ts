import { defineProvider } from '../../core/provider.js';
import { hubspotAssociationRoutes } from './associations-routes.js';
import { addBearerGuard } from './auth.js';
import { hubspotErrors } from './errors.js';
import { listMembers } from './lists.js';
import { hubspotListRoutes } from './lists-routes.js';
import { presentWritten, type CrmObject, type ObjectType } from './model.js';
import { hubspotOAuthRoutes } from './oauth-routes.js';
import { hubspotBatchWriteRoutes } from './batch-write-routes.js';
import { hubspotObjectRoutes } from './objects-routes.js';
import { hubspotOwnerRoutes } from './owners-routes.js';
import { hubspotPropertyRoutes } from './properties-routes.js';
import { createHubSpotState, type HubSpotState } from './state.js';

function records(
  state: HubSpotState,
  type: ObjectType,
  include: (object: CrmObject) => boolean = () => true,
) {
  return [...state.objects[type].values()]
    .filter(include)
    .map((object) => ({ ...presentWritten(object, type), origin: object.origin }));
}

export const hubspot = defineProvider<HubSpotState>({
  name: 'hubspot',
  title: 'HubSpot',
  prefix: '/hubspot',
  realBaseUrl: 'https://api.hubapi.com and https://app.hubspot.com (OAuth consent)',
  rateLimits: [
    {
      name: 'ten-secondly',
      max: 110,
      windowMs: 10_000,
      appliesTo: '^/crm/(?!v3/objects/[^/]+/search$)',
      source:
        'HubSpot API usage guidelines: public (marketplace) OAuth apps, 110 requests per 10 seconds per installing account, Search excluded',
    },
    {
      name: 'search-secondly',
      max: 5,
      windowMs: 1000,
      appliesTo: '^/crm/v3/objects/[^/]+/search$',
      source: 'HubSpot CRM search docs: 5 requests per second per account',
    },
  ],
  errors: hubspotErrors,
  credentials: (config) => ({
    'OAuth client id': config.hubspot.clientId,
    'OAuth client secret': config.hubspot.clientSecret,
    'Access token lifetime': `${config.hubspot.accessTokenTtlSeconds} s`,
  }),
  createState: createHubSpotState,
  inspect: (state) => ({
    portal: state.portal,
    owners: state.owners,
    contacts: records(state, 'contacts', (object) => object.origin !== 'bulk'),
    generatedContacts: [...state.objects.contacts.values()].filter(
      (object) => object.origin === 'bulk',
    ).length,
    companies: records(state, 'companies'),
    tasks: records(state, 'tasks'),
    emails: records(state, 'emails'),
    communications: records(state, 'communications'),
    associations: state.associations.filter(
      (association) => !state.objects.contacts.get(association.fromId)?.origin.startsWith('bulk'),
    ),
    customProperties: Object.fromEntries(
      Object.entries(state.properties).map(([type, properties]) => [
        type,
        properties.filter((property) => !property.hubspotDefined).map((property) => property.name),
      ]),
    ),
    lists: state.lists.map((list) => ({
      listId: list.listId,
      name: list.name,
      objectTypeId: list.objectTypeId,
      processingType: list.processingType,
      size: listMembers(state, list).length,
    })),
    writes: state.writes,
  }),
  overview: (state) => {
    const written = (type: ObjectType) => [
      ...new Set(
        state.writes
          .filter(
            (write) =>
              write.objectType === type && (write.action === 'create' || write.action === 'update'),
          )
          .map((write) => write.id),
      ),
    ];
    const rows = (type: ObjectType, ids: string[]) =>
      ids
        .map((id) => state.objects[type].get(id))
        .filter((object): object is CrmObject => !!object)
        .map((object) => ({ id: object.id, origin: object.origin, ...object.properties }));
    return [
      { title: 'Contacts written through the API', rows: rows('contacts', written('contacts')) },
      { title: 'Companies written through the API', rows: rows('companies', written('companies')) },
      {
        title: 'Tasks',
        rows: records(state, 'tasks').map(({ id, properties }) => ({ id, ...properties })),
      },
      {
        title: 'Emails',
        rows: records(state, 'emails').map(({ id, properties }) => ({ id, ...properties })),
      },
      {
        title: 'Communications (LinkedIn messages)',
        rows: records(state, 'communications').map(({ id, properties }) => ({ id, ...properties })),
      },
      {
        title: 'Associations made through the API',
        rows: state.writes
          .filter((write) => write.action === 'associate')
          .map(({ at, objectType, id, detail }) => ({ at, from: `${objectType}/${id}`, detail })),
      },
      {
        title: 'Lists',
        rows: state.lists.map((list) => ({
          listId: list.listId,
          name: list.name,
          objectTypeId: list.objectTypeId,
          processingType: list.processingType,
          hs_list_size: listMembers(state, list).length,
        })),
      },
      {
        title: 'Contacts held (seeded and written; the 10,000 generated ones are left out)',
        total: [...state.objects.contacts.values()].filter((object) => object.origin !== 'bulk')
          .length,
        rows: [...state.objects.contacts.values()]
          .filter((object) => object.origin !== 'bulk')
          .slice(-60)
          .map((object) => ({
            id: object.id,
            origin: object.origin,
            email: object.properties.email,
            firstname: object.properties.firstname,
            lastname: object.properties.lastname,
            hs_linkedin_url: object.properties.hs_linkedin_url,
          })),
      },
      {
        title: 'Companies held',
        rows: [...state.objects.companies.values()].map((object) => ({
          id: object.id,
          origin: object.origin,
          name: object.properties.name,
          domain: object.properties.domain,
        })),
      },
      {
        title: 'Owners',
        rows: state.owners.map(({ id, email, firstName, lastName }) => ({
          id,
          email,
          firstName,
          lastName,
        })),
      },
    ];
  },
  routes: (app, ctx) => {
    hubspotOAuthRoutes(app, ctx);
    void app.register(async (crm) => {
      addBearerGuard(crm, ctx);
      hubspotOwnerRoutes(crm, ctx);
      hubspotPropertyRoutes(crm, ctx);
      hubspotObjectRoutes(crm, ctx);
      hubspotBatchWriteRoutes(crm, ctx);
      hubspotAssociationRoutes(crm, ctx);
      hubspotListRoutes(crm, ctx);
    });
  },
});
