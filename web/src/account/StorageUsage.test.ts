import { describe, expect, it } from 'vitest';
import { sizeText } from './StorageUsage';

describe('sizeText', () => {
  it('says sizes as the upload messages do, and a small organisation’s files in kB or bytes rather than 0 MB', () => {
    expect(sizeText(5_000_000_000)).toBe('5 GB');
    expect(sizeText(200_000_000)).toBe('200 MB');
    expect(sizeText(1_500_000)).toBe('1.5 MB');
    expect(sizeText(3_563)).toBe('4 kB');
    expect(sizeText(512)).toBe('512 bytes');
  });
});
