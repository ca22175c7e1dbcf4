import { describe, expect, it } from 'vitest';
import { emailError, newPasswordErrors } from './validation';

describe('account validation', () => {
  it('checks the email with the spec messages', () => {
    expect(emailError('')).toBe('Email Address is required');
    expect(emailError('sam@')).toBe('This is not a valid email address');
    expect(emailError('sam@sparkright.example')).toBeNull();
  });
  it('checks new passwords', () => {
    expect(newPasswordErrors('', '')).toEqual({ password: 'Password is required', confirm: 'Confirm password is required' });
    expect(newPasswordErrors('short', 'short')).toEqual({ password: 'The minimum length of password is 12' });
    expect(newPasswordErrors('long-enough-pass', 'long-enough-pasS')).toEqual({ confirm: 'Password and confirm password does not match' });
    expect(newPasswordErrors('long-enough-pass', 'long-enough-pass')).toEqual({});
  });
});
