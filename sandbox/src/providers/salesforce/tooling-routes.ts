import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { sfErrors } from './errors.js';
import { customFieldTypes, findField } from './schema.js';
import { sfTime, type SalesforceState } from './state.js';

/** Objects the product adds custom fields to. */
const customizable = ['Lead', 'Contact', 'Task', 'EmailMessage'];

/** Tooling API: create a CustomField from {FullName: "Lead.Name__c", Metadata: {label, type, length, …}}. */
export function salesforceToolingRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  app.post<{
    Params: { version: string };
    Body: { FullName?: unknown; Metadata?: Record<string, unknown> } | undefined;
  }>('/services/data/:version/tooling/sobjects/CustomField', async (request, reply) => {
    const state = ctx.state;
    const fullName = request.body?.FullName;
    const metadata = request.body?.Metadata;
    if (typeof fullName !== 'string' || !metadata || typeof metadata !== 'object')
      return reply
        .code(400)
        .send(
          sfErrors('REQUIRED_FIELD_MISSING', 'Required fields are missing: [FullName, Metadata]', [
            'FullName',
            'Metadata',
          ]),
        );
    const [objectName, fieldName] = fullName.split('.');
    const meta = objectName ? state.objects[objectName] : undefined;
    if (!meta || !customizable.includes(objectName!))
      return reply
        .code(400)
        .send(
          sfErrors('FIELD_INTEGRITY_EXCEPTION', `Cannot find entity: ${String(objectName)}`, [
            'FullName',
          ]),
        );
    if (
      !fieldName ||
      !/^[A-Za-z](?!.*__.*__)[A-Za-z0-9_]*[A-Za-z0-9]__c$/.test(fieldName) ||
      fieldName.slice(0, -3).includes('__')
    ) {
      return reply
        .code(400)
        .send(
          sfErrors(
            'FIELD_INTEGRITY_EXCEPTION',
            `The API name ${String(fieldName)} is invalid: it must end with __c, begin with a letter and use only letters, digits and single underscores.`,
            ['FullName'],
          ),
        );
    }
    const type = typeof metadata.type === 'string' ? customFieldTypes[metadata.type] : undefined;
    if (!type)
      return reply
        .code(400)
        .send(
          sfErrors('FIELD_INTEGRITY_EXCEPTION', `Invalid field type: ${String(metadata.type)}`, [
            'Metadata',
          ]),
        );
    if (typeof metadata.label !== 'string' || metadata.label.trim() === '')
      return reply
        .code(400)
        .send(
          sfErrors('REQUIRED_FIELD_MISSING', 'Required fields are missing: [Label]', ['Metadata']),
        );
    const length = Number(metadata.length);
    if (
      (metadata.type === 'Text' && !(length >= 1 && length <= 255)) ||
      (metadata.type === 'LongTextArea' && !(length >= 256 && length <= 131072))
    ) {
      return reply
        .code(400)
        .send(
          sfErrors(
            'FIELD_INTEGRITY_EXCEPTION',
            `Length: value outside of valid range on numeric field: ${String(metadata.length)}`,
            ['Metadata'],
          ),
        );
    }
    if (findField(meta, fieldName))
      return reply
        .code(400)
        .send(
          sfErrors(
            'DUPLICATE_VALUE',
            'duplicate value found: <unknown> duplicates value on record with id: <unknown>',
            [],
          ),
        );
    meta.fields.push({
      name: fieldName,
      label: metadata.label,
      type,
      ...(Number.isFinite(length) ? { length } : {}),
      ...(metadata.precision !== undefined ? { precision: Number(metadata.precision) } : {}),
      ...(metadata.scale !== undefined ? { scale: Number(metadata.scale) } : {}),
      ...(metadata.externalId === true ? { externalId: true } : {}),
      ...(metadata.unique === true ? { unique: true } : {}),
      custom: true,
    });
    const id = state.ids.next('00N');
    const now = sfTime(ctx.now());
    state.customFields.push({
      Id: id,
      DeveloperName: fieldName.slice(0, -3),
      TableEnumOrId: objectName!,
      FullName: fullName,
      Metadata: metadata,
      CreatedDate: now,
    });
    state.writes.push({
      at: now,
      action: 'create-custom-field',
      sobject: objectName!,
      id,
      detail: { FullName: fullName, Metadata: metadata },
    });
    return reply.code(201).send({ id, success: true, errors: [], warnings: [], infos: [] });
  });
}
