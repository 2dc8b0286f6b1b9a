export { decide, hasRole, mayActOn, ownedUser, readScope, readsOrganization, sameOrganization } from './decide.js';
export { authorizeCall, resourceAccess } from './enforce.js';
export { flagDenied, policies } from './policy.js';
//# sourceMappingURL=index.js.map