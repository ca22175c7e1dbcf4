import { getEntity } from '@hub/model';
import { describe, expect, it } from 'vitest';
import { fileLists } from './record-query';
import { acceptAttribute, acceptedWords, fileLinkProps, formatFileSize, uploadProblem } from './upload';

const sized = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('upload rules', () => {
  const attachment = getEntity('LicenceAttachmentsEntity').fields.attachments;
  const icon = getEntity('StandardEntity').fields.icon;
  const document = getEntity('DocumentEntity').fields.documentUpload;

  it('limits attachments to 20 MB and other files to 100 MB (1 MB = 1,000,000 bytes)', () => {
    expect(uploadProblem(attachment, sized('a.pdf', 'application/pdf', 20_000_000))).toBeNull();
    expect(uploadProblem(attachment, sized('a.pdf', 'application/pdf', 20_000_001))).toBe(
      'The provided file is too large, the maximum file size is 20MB.',
    );
    expect(uploadProblem(document, sized('a.pdf', 'application/pdf', 99_000_000))).toBeNull();
    expect(uploadProblem(document, sized('a.pdf', 'application/pdf', 100_000_001))).toBe(
      'The provided file is too large, the maximum file size is 100MB.',
    );
  });

  it('accepts only the listed types, with wildcards', () => {
    expect(acceptAttribute(icon)).toBe('image/*');
    expect(uploadProblem(icon, sized('logo.png', 'image/png', 10))).toBeNull();
    expect(uploadProblem(icon, sized('notes.pdf', 'application/pdf', 10))).toBe('Content type application/pdf is not valid for image/');
    expect(uploadProblem(icon, sized('logo.svg', 'image/svg+xml', 10))).toBe('Content type image/svg+xml is not valid for image/');
  });
});

describe('stored files', () => {
  it('open images and PDFs in a new tab and download everything else', () => {
    expect(fileLinkProps({ id: 'f1', fileName: 'a.png', size: 1, contentType: 'image/png' })).toEqual({
      href: '/api/files/f1',
      target: '_blank',
      rel: 'noopener',
    });
    expect(fileLinkProps({ id: 'f2', fileName: 'a.svg', size: 1, contentType: 'text/plain' })).toEqual({
      href: '/api/files/f2?download=true',
    });
    expect(fileLinkProps({ id: 'f3', fileName: 'a.bin', size: 1 })).toEqual({ href: '/api/files/f3?download=true' });
  });
  it('say sizes in the units of the limits', () => {
    expect(formatFileSize(2_400_000)).toBe('2.40 MB');
    expect(formatFileSize(35_400)).toBe('35 kB');
    expect(formatFileSize(512)).toBe('512 bytes');
  });
  it('say accepted image types in words', () => {
    expect(acceptedWords(['image/'])).toBe('PNG, JPEG, GIF, WebP or BMP images');
  });
});

describe('file lists', () => {
  it('finds the attachment children of an entity', () => {
    expect(fileLists(getEntity('LicenceEntity')).map((l) => [l.name, l.target.name, l.inverse, l.fileField])).toEqual([
      ['licenceAttachmentss', 'LicenceAttachmentsEntity', 'licence', 'attachments'],
    ]);
    expect(fileLists(getEntity('AssetEntity')).map((l) => l.name)).toEqual(['assetAttachmentss']);
    expect(fileLists(getEntity('FormSubmissionsEntity')).map((l) => l.fileField)).toEqual(['attachment']);
    expect(fileLists(getEntity('SafetyLinkSectionEntity'))).toEqual([]);
  });
});
