import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, ApiError } from '../client/api';
import { useSetMe, type Me } from '../app/session';
import { AuthCard } from '../ui/AuthCard';
import { safePath } from '@hub/model/safe-path';

const INTRO: Record<string, string> = {
  authenticator: 'Enter the 6-digit code your authenticator app shows for the Safety Hub.',
  email: 'We have emailed you a 6-digit code. It expires in 10 minutes.',
};

/** login/2fa/{method}: 'Verify Login'. */
export function TwoFactorPage() {
  const { method = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMe = useSetMe();
  const [token, setToken] = useState('');
  const [rememberTwoFactor, setRemember] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!INTRO[method]) return <Navigate to="/404" replace />;
  const error = token.replace(/\s/g, '').length === 6 ? null : 'Enter the 6-digit code';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (error) return;
    setBusy(true);
    try {
      const result = await api<{ user: Me }>('POST', '/api/authorization/validate-2fa', {
        token,
        method,
        rememberMe: params.get('rememberMe') === 'true',
        rememberTwoFactor,
      });
      setMe(result.user);
      navigate(safePath(params.get('redirect')), { replace: true });
    } catch (err) {
      const detail = err instanceof ApiError ? err.messages.join(' ') : String(err);
      notifications.show({ color: 'red', title: 'Verify Login', message: `Two factor error ${detail}` });
      if (err instanceof ApiError && err.message === 'The sign-in has expired. Please sign in again.') navigate('/admin_login');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Verify Login" intro={INTRO[method]}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            error={submitted && error}
            size="md"
            autoFocus
          />
          <Checkbox
            label="Skip this step for 14 days on this device"
            checked={rememberTwoFactor}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            Verify
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
