/** Messages of the HTTP plumbing (app.ts, the REST error shape), said the same way everywhere. */
export const httpMessages = {
  addressTooLong: 'The address is too long',
  addressNotValid: 'The address is not valid',
  repeatedParameter: (name: string) => `The query parameter '${name}' is given more than once`,
  badApiToken: 'The API token is not valid',
  sessionEnded: 'Your session has ended. Please sign in again.',
  unexpected: 'An unexpected error occurred',
  bodyTooLarge: (limit: number) => `The request body is too large (limit ${limit} bytes)`,
  headersTooLarge: 'The request headers are too large',
  requestTooSlow: 'The request took too long to arrive',
  requestNotReadable: 'The request could not be read',
  noRoute: (method: string, path: string) => `No route ${method} ${path}`,
} as const;
