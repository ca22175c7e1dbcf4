import { beforeEach, describe, expect, it, vi } from 'vitest';

const upload = vi.fn<(query: string, variables: unknown, files: { path: string; file: File }[]) => Promise<unknown>>();
const prepare = vi.fn<(file: Blob, keep: boolean) => Promise<{ photo: Blob }>>();
vi.mock('../../client/graphql', () => ({
  graphqlUpload: (q: string, v: unknown, f: { path: string; file: File }[]) => upload(q, v, f),
  graphqlRequest: vi.fn(),
}));
vi.mock('../../forms/photos/image', () => ({ preparePhoto: (f: Blob, k: boolean) => prepare(f, k) }));

const { closeAction } = await import('./action-api');

describe('closeAction', () => {
  beforeEach(() => {
    upload.mockReset().mockResolvedValue({});
    prepare.mockReset();
  });

  it('uploads the closing photo resized on the device (a JPEG without its metadata), not the camera original', async () => {
    const original = new File([new Uint8Array(5_000_000)], 'IMG_0042.HEIC.png', { type: 'image/png' });
    const resized = new Blob([new Uint8Array(400_000)], { type: 'image/jpeg' });
    prepare.mockResolvedValue({ photo: resized });
    await closeAction('a1', '  Fixed  ', original);
    expect(prepare).toHaveBeenCalledWith(original, false);
    const [, variables, files] = upload.mock.calls[0];
    expect(variables).toEqual({ m: [{ id: 'a1', status: 'CLOSED', closingComment: 'Fixed', closingPhoto: null }] });
    expect(files[0].path).toBe('variables.m.0.closingPhoto');
    expect(files[0].file.type).toBe('image/jpeg');
    expect(files[0].file.name).toBe('IMG_0042.HEIC.jpg');
    expect(files[0].file.size).toBe(400_000);
  });

  it('sends nothing when the photo cannot be read', async () => {
    prepare.mockRejectedValue(new Error('This photo could not be read'));
    await expect(closeAction('a1', 'Fixed', new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).rejects.toThrow('could not be read');
    expect(upload).not.toHaveBeenCalled();
  });
});
