/** One generated HTTP request (the caller's cookie or token is added when it is sent). */
export interface FuzzRequest {
  /** What was generated: 'gql list AssetEntity', 'rest POST /api/account/users', ... */
  op: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether the request may write (mutations, POST, PUT, DELETE). */
  mutates: boolean;
  features: string[];
  /** A class with its own oracle: the answer must be a refusal carrying this message (issue 26). */
  refusedWith?: string;
}

export const json = (body: unknown) => JSON.stringify(body);
