export {
  decide,
  hasRole,
  mayActOn,
  ownedUser,
  readScope,
  readsOrganization,
  sameOrganization,
  type Actor,
  type Decision,
  type Owned,
  type ReadScope,
} from './decide.js';
export { authorizeCall, resourceAccess, type ResourceAccess } from './enforce.js';
export {
  flagDenied,
  policies,
  type OperationPolicy,
  type Others,
  type PermissionFlag,
  type Who,
} from './policy.js';
