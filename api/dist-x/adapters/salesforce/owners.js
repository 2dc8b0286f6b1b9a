import { z } from 'zod';
import { withFreshToken } from './session.js';
import { querySalesforce } from './soql.js';
const userRecord = z.object({
    Id: z.string(),
    FirstName: z.string().nullish(),
    LastName: z.string().nullish(),
    Email: z.string().nullish(),
    Name: z.string().nullish(),
});
/** SOQL on User: the active standard users, by name. */
export async function fetchSalesforceOwners(connection) {
    const users = await querySalesforce(connection, 'listing users', "SELECT Id, FirstName, LastName, Email, Name FROM User WHERE IsActive = true AND UserType = 'Standard' ORDER BY Name", userRecord);
    return users.map((user) => {
        const firstName = user.FirstName ?? '';
        const lastName = user.LastName ?? '';
        return { id: user.Id, firstName, lastName, email: user.Email ?? '', name: user.Name ?? ([firstName, lastName].filter(Boolean).join(' ') || (user.Email ?? '')) };
    });
}
/** The owners of the profile's Salesforce org (for the webhook forms' "Owner"). */
export function listOwners(deps, profile) {
    return withFreshToken(deps, profile, (connection) => fetchSalesforceOwners(connection));
}
//# sourceMappingURL=owners.js.map