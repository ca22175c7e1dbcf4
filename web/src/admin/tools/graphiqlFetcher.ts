import type { GraphiQL } from 'graphiql';
import type { ComponentProps } from 'react';
import { xsrfHeaders } from '../../client/api';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];
type Result = Awaited<ReturnType<Fetcher>>;

/**
 * GraphiQL's requests (the user's and the schema's introspection) go to the hub's endpoint
 * the way the rest of the web does: the same-origin session cookie and the anti-forgery
 * header. An answer that is not JSON is shown as an error with its status and text.
 */
export const hubFetcher: Fetcher = async (params) => {
  const res = await fetch('/api/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...xsrfHeaders() },
    body: JSON.stringify(params),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as Result;
  } catch {
    return { errors: [{ message: `The server answered ${res.status}: ${text.slice(0, 500)}` }] } as unknown as Result;
  }
};
