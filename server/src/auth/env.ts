import { guardMessages } from '../access/guards';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { Signer } from './secret';

/** What the account routes need. */
export interface AuthEnv {
  db: Db;
  config: Config;
  signer: Signer;
  mailer: Mailer;
}

/** Messages of the account flows, said the same way everywhere. */
export const authMessages = {
  // One answer for a wrong password and an address not yet confirmed: the two must not be
  // told apart, or registering an address and then signing in would say whether it had an
  // account already.
  badCredentials: 'The email or password is incorrect, or the email address is not confirmed yet.',
  lockedOut: 'This account is locked after too many failed sign-ins. Please try again in 15 minutes.',
  tooManyAttempts: 'Too many sign-in attempts from this address. Please wait 15 minutes and try again.',
  deactivated: 'This account has been deactivated. Please contact your administrator.',
  invalidMethod: 'Invalid 2 factor method',
  invalidAuthenticatorCode: 'Invalid authentication code. Please try again.',
  invalidEmailCode: 'Invalid two factor code',
  twoFactorExpired: 'The sign-in has expired. Please sign in again.',
  notSignedIn: guardMessages.notSignedIn,
  xsrf: 'The anti-forgery token is missing or out of date. Reload the page and try again.',
  passwordLength: 'The minimum length of password is 12',
  passwordTooLong: 'The password may be at most 128 characters',
  passwordsDiffer: 'Password and confirm password does not match',
  badResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  badConfirmToken: 'This confirmation link is invalid or has expired.',
  emailConfirmed: 'Your email address is confirmed. You can now sign in.',
  // The link was opened in another browser than the one that registered: the password given
  // at registration is not used (someone else may have chosen it).
  emailConfirmedChoosePassword: 'Your email address is confirmed. To choose your password, open the link we have just emailed you.',
} as const;
