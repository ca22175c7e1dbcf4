/** A part of a multipart request: a text field, or a file with its bytes and name. */
export type Part = { name: string; value: string } | { name: string; data: Buffer; filename: string };

/** The bytes and content type of a multipart body, parts in the order given. */
export async function encodeMultipart(parts: Part[]): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const p of parts)
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.data)]), p.filename);
  const req = new Request('http://x/api/graphql', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}
