import type { SalesforcePropertiesResult } from 'shared/contract';
import {
  createSalesforceCustomFields,
  salesforcePermissionSetExists,
  customFieldsToCreate,
  SALESFORCE_ACTIVITY_OBJECTS,
  withFreshToken,
  type CustomFieldsResult,
} from '../adapters/salesforce/index.js';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../repositories/user-profiles.js';

function customFieldsMessage(
  objects: readonly string[],
  result: CustomFieldsResult,
): SalesforcePropertiesResult {
  const total = customFieldsToCreate(objects).length;
  if (result.failed > 0) {
    return {
      success: false,
      message: `Salesforce refused ${result.failed} of ${total} custom fields or their permissions: ${result.failures.slice(0, 3).join('; ')}`,
    };
  }
  return {
    success: true,
    message: `Custom fields are ready on ${objects.join(', ')} and the event id on ${SALESFORCE_ACTIVITY_OBJECTS.join(', ')}: ${result.created} created, ${result.existing} already there, access granted on ${result.granted}`,
  };
}

/** "Create Fields": the product's custom fields on each object, readable and editable by the permission set. */
export async function createCustomFields(
  deps: Deps,
  profile: UserProfileRecord,
  input: { customFields: readonly string[]; permissionId: string },
): Promise<SalesforcePropertiesResult> {
  const objects = [...new Set(input.customFields)];
  return withFreshToken(deps, profile, async (connection) => {
    if (!(await salesforcePermissionSetExists(connection, input.permissionId))) {
      return { success: false, message: `Salesforce has no permission set ${input.permissionId}` };
    }
    return customFieldsMessage(
      objects,
      await createSalesforceCustomFields(connection, objects, input.permissionId),
    );
  });
}
