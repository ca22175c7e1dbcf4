import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_MAX, BULK_TEXT, BulkDownloadError, bulkUrl, downloadBulk, fileNameOf, totalOf } from './bulk-download';

const ID1 = '3b0c9a34-1f3a-4c55-9a3e-2f6a6f0b1c01';
const ID2 = '3b0c9a34-1f3a-4c55-9a3e-2f6a6f0b1c02';

/** A response whose body arrives in the given chunks. */
function streamed(chunks: number[], headers: Record<string, string>, status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const n of chunks) c.enqueue(new Uint8Array(n));
      c.close();
    },
  });
  return new Response(body, { status, headers });
}

afterEach(() => vi.unstubAllGlobals());

describe('bulk download', () => {
  it('asks for nothing when none of the chosen has a file (the spec’s warning)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const err = await downloadBulk('templates', [{ id: ID1, hasFile: false }], () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BulkDownloadError);
    expect((err as BulkDownloadError).message).toBe(
      'No downloadable template pdf/s found. Only templates with a file attached can be downloaded.',
    );
    expect((err as BulkDownloadError).level).toBe('warning');
    const docs = await downloadBulk('documents', [], () => {}).catch((e: unknown) => e);
    expect((docs as Error).message).toBe('No downloadable documents found...');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the ids with a file, each as a documentId, and reports progress against Content-Length', async () => {
    const fetchMock = vi.fn(async () =>
      streamed([400, 400, 200], {
        'content-length': '1000',
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="templates.zip"',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const seen: [number, number | null][] = [];
    const { blob, fileName } = await downloadBulk(
      'templates',
      [
        { id: ID1, hasFile: true },
        { id: ID2, hasFile: false },
      ],
      (l, t) => seen.push([l, t]),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/files/bulkDocuments?documentId=${ID1}`,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(seen).toEqual([
      [0, 1000],
      [400, 1000],
      [800, 1000],
      [1000, 1000],
    ]);
    expect(blob.size).toBe(1000);
    expect(fileName).toBe('templates.zip');
  });

  it('uses X-Total-Bytes when there is no length, and no total when there is neither', () => {
    expect(totalOf(new Headers({ 'x-total-bytes': '2048' }))).toBe(2048);
    expect(totalOf(new Headers({ 'content-length': '10', 'x-total-bytes': '2048' }))).toBe(10);
    expect(totalOf(new Headers({}))).toBeNull();
    expect(totalOf(new Headers({ 'x-total-bytes': 'lots' }))).toBeNull();
  });

  it('a failure is the spec’s error; a 404 is the warning', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ errors: [{ message: 'boom' }] }), { status: 500 })),
    );
    const err = (await downloadBulk('templates', [{ id: ID1, hasFile: true }], () => {}).catch((e: unknown) => e)) as BulkDownloadError;
    expect(err.message).toBe('Unable to download template pdf/s: boom');
    expect(err.level).toBe('error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const none = (await downloadBulk('templates', [{ id: ID1, hasFile: true }], () => {}).catch((e: unknown) => e)) as BulkDownloadError;
    expect(none.message).toBe(BULK_TEXT.templates.none);
    expect(none.level).toBe('warning');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network'))),
    );
    const net = (await downloadBulk('templates', [{ id: ID1, hasFile: true }], () => {}).catch((e: unknown) => e)) as BulkDownloadError;
    expect(net.message).toBe('Unable to download template pdf/s');
  });

  it(`refuses more than ${BULK_MAX} ids before asking`, async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => ({
      id: `${ID1.slice(0, -4)}${String(i).padStart(4, '0')}`,
      hasFile: true,
    }));
    await expect(downloadBulk('documents', many, () => {})).rejects.toThrow(BULK_TEXT.documents.tooMany);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a long selection goes as the POST form of the route (the GET address would pass the header limit)', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => streamed([10], { 'content-length': '10' }));
    vi.stubGlobal('fetch', fetchMock);
    const many = Array.from({ length: 400 }, (_, i) => ({
      id: `3b0c9a34-1f3a-4c55-9a3e-2f6a6f0b${String(i).padStart(4, '0')}`,
      hasFile: true,
    }));
    await downloadBulk('documents', many, () => {});
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/files/bulkDocuments');
    expect(init.method).toBe('POST');
    expect((JSON.parse(init.body as string) as { documentId: string[] }).documentId).toHaveLength(400);
    await downloadBulk('documents', many.slice(0, 2), () => {});
    expect(fetchMock.mock.calls[1][0]).toBe(bulkUrl(many.slice(0, 2).map((m) => m.id)));
  });

  it('file names from the server never carry a path', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.zip')).toBe('_.._etc_passwd');
    expect(fileNameOf("attachment; filename*=UTF-8''docs%20%C3%A9.zip", 'x.zip')).toBe('docs é.zip');
    expect(fileNameOf(null, 'documents.zip')).toBe('documents.zip');
    expect(bulkUrl(['a b'])).toBe('/api/files/bulkDocuments?documentId=a%20b');
  });
});
