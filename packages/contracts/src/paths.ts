/**
 * Every API path, spelled as SPEC.md section 7 spells it (misspellings are the contract).
 * Paths with parameters use Fastify's `:name` syntax; `apiPath` fills them in.
 */
export const API_PATHS = {
  health: '/api/health',
  docs: '/api/docs',
  user: {
    signIn: '/api/user/signIn',
    addUser: '/api/user/addUser',
    signOut: '/api/user/signOut',
    currentUser: '/api/user/currentUser',
    getUsers: '/api/user/getUsers',
  },
} as const;

export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
