/** Paths of the REST contract (spec §7). Path parameters are written {name}. */
export const apiPaths = {
  me: '/api/admin/me',
  users: '/api/admin/dashboard/users',
  user: '/api/admin/dashboard/users/{id}',
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** Fills the {name} parameters of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
