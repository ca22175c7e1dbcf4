import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../client/api';
import { AuthCard } from '../ui/AuthCard';
import { emailError, newPasswordErrors } from './validation';

const messagesOf = (err: unknown) => (err instanceof ApiError ? err.messages.join(' ') : String(err));

/** Asks for a password reset email. */
export function ResetRequestPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const error = emailError(email);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (error) return;
    setBusy(true);
    try {
      await api('POST', '/api/account/reset-password-request', { username: email.trim() });
      setSentTo(email.trim());
      notifications.show({ color: 'green', message: `Reset Password Email has been sent to ${email.trim()}` });
    } catch {
      notifications.show({ color: 'red', message: 'Sending request failed' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      intro={
        sentTo
          ? `Reset Password Email has been sent to ${sentTo}. Open the link in it within an hour. If it has not arrived in a few minutes, look in your spam folder; you can ask for another one later (we send at most three an hour).`
          : 'We will email you a link to choose a new password.'
      }
    >
      {!sentTo && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={submitted && error}
              size="md"
            />
            <Button type="submit" loading={busy} fullWidth size="md">
              Send reset email
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/admin_login" ta="center" size="sm">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}

/** Chooses the new password: token and username come from the emailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = newPasswordErrors(password, confirm);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    try {
      await api('POST', '/api/account/reset-password', {
        token: params.get('token') ?? '',
        username: params.get('username') ?? '',
        password,
      });
      notifications.show({ color: 'green', message: 'Your password has been reset' });
      navigate('/admin_login', { replace: true });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Password could not be changed:', message: messagesOf(err), autoClose: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" intro={params.get('username') ?? undefined}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={submitted && errors.password}
            description="At least 12 characters"
            size="md"
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={submitted && errors.confirm}
            size="md"
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            Change password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
