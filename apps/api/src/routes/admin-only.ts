/** Route config of the administrators' calls: role 1 only, the auth guard answers 403 to anyone else. */
export const adminOnly = { adminOnly: true } as const;
