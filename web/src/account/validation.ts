/** The account pages' validation rules and messages (member-site.md section 5). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | null {
  if (!email.trim()) return 'Email Address is required';
  if (!EMAIL.test(email.trim())) return 'This is not a valid email address';
  return null;
}

export function newPasswordErrors(password: string, confirm: string): { password?: string; confirm?: string } {
  const out: { password?: string; confirm?: string } = {};
  if (!password) out.password = 'Password is required';
  else if (password.length < 12) out.password = 'The minimum length of password is 12';
  else if (password.length > 128) out.password = 'The password may be at most 128 characters';
  if (!confirm) out.confirm = 'Confirm password is required';
  else if (password && confirm !== password) out.confirm = 'Password and confirm password does not match';
  return out;
}
