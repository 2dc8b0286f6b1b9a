/** The token of an `Authorization: Bearer <token>` header; undefined for any other header or none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([\w.~+/=-]+)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}
