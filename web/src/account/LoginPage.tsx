import { Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../client/api';
import { useProviders, useSetMe, type Me } from '../app/session';
import { AuthCard } from '../ui/AuthCard';
import { safePath } from '@hub/model/safe-path';
import { emailError } from './validation';

type LoginResult = { type: 'signed-in'; user: Me } | { type: 'two-factor-required'; method: string };

/** /admin_login: email and password for everyone; then the redirect query value (a path of the hub, see safePath), else /. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setMe = useSetMe();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const redirect = safePath(params.get('redirect'));
  const providers = useProviders().data;
  const errors = { email: emailError(email), password: password ? null : 'Password is required' };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      const result = await api<LoginResult>('POST', '/api/authorization/login', { username: email.trim(), password, rememberMe });
      if (result.type === 'two-factor-required') {
        navigate(`/login/2fa/${result.method}?${new URLSearchParams({ redirect, rememberMe: String(rememberMe) })}`);
        return;
      }
      setMe(result.user);
      navigate(redirect, { replace: true });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Login failed', message: err instanceof ApiError ? err.messages.join(' ') : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in" intro="Use the email address and password of your Safety Hub account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={submitted && errors.email}
            required
            size="md"
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={submitted && errors.password}
            required
            size="md"
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" checked={rememberMe} onChange={(e) => setRememberMe(e.currentTarget.checked)} />
            <Anchor component={Link} to="/reset-password-request" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth size="md">
            Sign in
          </Button>
          {providers?.sso && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button
                component="a"
                href={`/Saml/InitiateSingleSignOn?returnurl=${encodeURIComponent(redirect)}`}
                variant="outline"
                fullWidth
                size="md"
              >
                Sign in with your association account
              </Button>
            </>
          )}
          <Anchor component={Link} to="/register" ta="center" size="sm">
            New to the hub? Register
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
