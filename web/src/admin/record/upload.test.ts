import { getEntity } from '@hub/model';
import { describe, expect, it } from 'vitest';
import { fileLists } from './record-query';
import { acceptAttribute, uploadProblem } from './upload';

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
