import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { hubspotError, objectNotFound, uniqueValueConflict, validationError } from './errors.js';
import { presentWritten, type CrmObject, type ObjectType } from './model.js';
import { invalidProperties, typeOrReply } from './objects-routes.js';
import type { HubSpotState } from './state.js';
import { normalizeValues, propertyProblems } from './validate.js';
import {
  applyInline,
  contactWithEmail,
  createObject,
  isUniqueProperty,
  resolveInline,
  takenUniqueValue,
  updateObject,
  withUniqueValue,
  type InlineAssociation,
} from './writes.js';

/** HubSpot's batch endpoints take at most this many inputs a call. */
const BATCH_MAX = 100;

interface BatchInput {
  id?: unknown;
  idProperty?: unknown;
  properties?: Record<string, unknown>;
  associations?: InlineAssociation[];
  objectWriteTraceId?: unknown;
}
type Params = { objectType: string };

/** One input refused: its HTTP status and HubSpot's error body. */
interface Refusal {
  status: number;
  error: ReturnType<typeof hubspotError>;
}
type Checked<T> = { ok: true; apply: () => T } | { ok: false; refusal: Refusal };

const traceOf = (input: BatchInput): string | undefined =>
  typeof input.objectWriteTraceId === 'string' && input.objectWriteTraceId !== ''
    ? input.objectWriteTraceId
    : undefined;

/**
 * Batch create and update (HubSpot's `/batch/create` and `/batch/update`, 100 inputs a call). A batch
 * is all or nothing unless its inputs carry `objectWriteTraceId` (HubSpot's multi-status): then the
 * valid inputs are written and the answer is 207 with an error per refused input, whose context names
 * its objectWriteTraceId; each result carries its input's objectWriteTraceId too.
 */
export function hubspotBatchWriteRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<HubSpotState>,
): void {
  const answer = (
    type: ObjectType,
    inputs: BatchInput[],
    checked: Checked<CrmObject>[],
    startedAt: string,
  ) => {
    const multiStatus = inputs.some((input) => traceOf(input) !== undefined);
    const refused = checked.flatMap((check, index) => (check.ok ? [] : [{ check, index }]));
    if (refused.length > 0 && !multiStatus) {
      const { refusal } = refused[0]!.check as { refusal: Refusal };
      return { status: refusal.status, body: refusal.error };
    }
    const results = checked.flatMap((check, index) => {
      if (!check.ok) return [];
      const trace = traceOf(inputs[index]!);
      return [
        { ...presentWritten(check.apply(), type), ...(trace ? { objectWriteTraceId: trace } : {}) },
      ];
    });
    const errors = refused.map(({ check, index }) => {
      const { refusal } = check as { refusal: Refusal };
      return { ...refusal.error, context: { objectWriteTraceId: [traceOf(inputs[index]!) ?? ''] } };
    });
    return {
      status: errors.length > 0 ? 207 : 201,
      body: {
        status: 'COMPLETE',
        results,
        ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
        startedAt,
        completedAt: new Date(ctx.now()).toISOString(),
      },
    };
  };

  /** The inputs, or why the whole call is refused (none, too many, not objects). */
  const inputsOf = (body: { inputs?: unknown } | undefined): BatchInput[] | string => {
    const inputs = body?.inputs;
    if (!Array.isArray(inputs) || inputs.length === 0)
      return 'Invalid input JSON: "inputs" is required.';
    if (inputs.length > BATCH_MAX)
      return `Too many inputs: ${inputs.length}. The maximum is ${BATCH_MAX}.`;
    if (inputs.some((input) => !input || typeof input !== 'object' || Array.isArray(input)))
      return 'Invalid input JSON: every input must be an object.';
    return inputs as BatchInput[];
  };

  app.post<{ Params: Params; Body: { inputs?: unknown } | undefined }>(
    '/crm/v3/objects/:objectType/batch/create',
    async (request, reply) => {
      const type = typeOrReply(request, reply, true);
      if (!type) return reply;
      const inputs = inputsOf(request.body);
      if (typeof inputs === 'string') return reply.code(400).send(validationError(inputs));
      const state = ctx.state;
      const startedAt = new Date(ctx.now()).toISOString();
      // values of unique properties claimed by earlier inputs of this batch
      const claimed = new Map<string, number>();
      const checked = inputs.map((input, index): Checked<CrmObject> => {
        const properties = input.properties;
        if (!properties || typeof properties !== 'object' || Array.isArray(properties))
          return {
            ok: false,
            refusal: {
              status: 400,
              error: validationError(
                'Invalid input JSON: "properties" is required and must be an object.',
              ),
            },
          };
        const values = normalizeValues(state, type, properties);
        const problems = propertyProblems(state, type, values, true);
        if (problems.length > 0)
          return { ok: false, refusal: { status: 400, error: invalidProperties(problems) } };
        const existing = type === 'contacts' ? contactWithEmail(state, values.email) : undefined;
        if (existing)
          return {
            ok: false,
            refusal: {
              status: 409,
              error: hubspotError(
                'CONFLICT',
                `Contact already exists. Existing ID: ${existing.id}`,
              ),
            },
          };
        const taken = takenUniqueValue(state, type, values);
        if (taken)
          return { ok: false, refusal: { status: 409, error: uniqueValueConflict(taken) } };
        for (const [name, value] of Object.entries(values)) {
          if (value === null || value === '' || !isUniqueProperty(state, type, name)) continue;
          const earlier = claimed.get(`${name}\u0000${value}`);
          if (earlier !== undefined)
            return {
              ok: false,
              refusal: {
                status: 409,
                error: hubspotError(
                  'CONFLICT',
                  `Duplicate value of the unique property ${name} in this batch (input ${earlier}).`,
                ),
              },
            };
          claimed.set(`${name}\u0000${value}`, index);
        }
        const inline = resolveInline(state, type, input.associations ?? []);
        if ('error' in inline)
          return { ok: false, refusal: { status: 400, error: validationError(inline.error) } };
        return {
          ok: true,
          apply: () => {
            const object = createObject(ctx, type, values);
            applyInline(ctx, type, object.id, inline.links);
            return object;
          },
        };
      });
      const { status, body } = answer(type, inputs, checked, startedAt);
      return reply.code(status).send(body);
    },
  );

  app.post<{ Params: Params; Body: { inputs?: unknown } | undefined }>(
    '/crm/v3/objects/:objectType/batch/update',
    async (request, reply) => {
      const type = typeOrReply(request, reply, true);
      if (!type) return reply;
      const inputs = inputsOf(request.body);
      if (typeof inputs === 'string') return reply.code(400).send(validationError(inputs));
      const state = ctx.state;
      const startedAt = new Date(ctx.now()).toISOString();
      const seen = new Set<string>();
      for (const input of inputs) {
        const id = `${String(input.idProperty ?? '')}:${String(input.id ?? '')}`;
        if (seen.has(id))
          return reply
            .code(400)
            .send(validationError(`Duplicate IDs found in batch input: [${String(input.id)}]`));
        seen.add(id);
      }
      const checked = inputs.map((input): Checked<CrmObject> => {
        const id = String(input.id ?? '');
        const idProperty = typeof input.idProperty === 'string' ? input.idProperty : undefined;
        const object =
          idProperty === 'email' && type === 'contacts'
            ? contactWithEmail(state, id)
            : idProperty && idProperty !== 'hs_object_id'
              ? withUniqueValue(state, type, idProperty, id)
              : state.objects[type].get(id);
        if (!object || object.archived)
          return { ok: false, refusal: { status: 404, error: objectNotFound(id) } };
        const properties = input.properties;
        if (!properties || typeof properties !== 'object' || Array.isArray(properties))
          return {
            ok: false,
            refusal: {
              status: 400,
              error: validationError(
                'Invalid input JSON: "properties" is required and must be an object.',
              ),
            },
          };
        const values = normalizeValues(state, type, properties);
        const problems = propertyProblems(state, type, values, false);
        if (problems.length > 0)
          return { ok: false, refusal: { status: 400, error: invalidProperties(problems) } };
        const taken = takenUniqueValue(state, type, values, object.id);
        if (taken)
          return { ok: false, refusal: { status: 409, error: uniqueValueConflict(taken) } };
        return { ok: true, apply: () => updateObject(ctx, type, object, values) };
      });
      const { status, body } = answer(type, inputs, checked, startedAt);
      return reply.code(status === 201 ? 200 : status).send(body);
    },
  );
}
