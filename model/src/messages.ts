/** Validator messages of data-layer.md section 5 and the error catalogue of section 8. */
export const messages = {
  required: 'This field is required',
  email: 'The value is not a valid email',
  integer: 'This field must be an integer',
  length: (min: number, max: number, n: number) => `The length of this field is not between ${min} and ${max}. Actual Length: ${n}`,
  minLength: (min: number, n: number) => `The length of this field is not greater than or equal to ${min}. Actual Length: ${n}`,
  maxLength: (max: number, n: number) => `The length of this field is not less than or equal to ${max}. Actual Length: ${n}`,
  unique: 'This value entered has already been used',
  url: 'The value is not a valid url',
  fileType: (type: string, accepted: string) => `Content type ${type} is not valid for ${accepted}`,
  fileSize: (size: string) => `Maximum allowed file size is ${size}`,
  fileTooLarge: (mb: number) => `The provided file is too large, the maximum file size is ${mb}MB.`,
  passwordsDiffer: 'Password fields do not match',
  documentBoth: 'You can either upload a document or attach a URL against your document',
  documentNeither: 'No document or link was provided',
  noFileAttached: 'No File Attached',
  invalidContentType: 'Invalid content type',
  couldNotSave: 'Could not save entity',
  deleteAssociation: 'This record could not be deleted because of an association or because it has linked child/parent assets',
  deleteAssociationBulk: 'These records could not be deleted because of an association or because they have linked child/parent assets',
  detailRedacted: 'Detail redacted',
  genericForm: 'Some of the fields are missing or invalid, please check your form.',
  integerRange: 'The value must be a whole number between -2147483648 and 2147483647',
  mustBeNumber: 'This field must be a number',
  invalidDate: 'The value is not a valid date',
  immutable: 'This field cannot be changed after creation',
  atLeastOne: 'At least one item must be selected',
  notFound: 'The record does not exist or you are not allowed to see it',
  accessDenied: 'You are not allowed to perform this action',
  idempotencyKey: 'The idempotency key must be a UUID (for example 1b4e28ba-2fa1-4d3b-883f-0016d3cca427)',
} as const;

/** Validation error types of section 5. */
export type ValidationCode = 'required' | 'exists' | 'notExist' | 'length' | 'invalid' | 'range' | 'unknow';

export interface ValidationIssue {
  path: string;
  code: ValidationCode;
  message: string;
}
