import { Anchor, Button, Loader, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../client/api';
import { AuthCard } from '../ui/AuthCard';
import { emailError, newPasswordErrors } from './validation';

const TYPE_LABELS: Record<string, string> = { 'mehub-account-entity': 'Member account' };
const messagesOf = (err: unknown) => (err instanceof ApiError ? err.messages.join(' ') : String(err));

/** Registration: the type choice when several exist, the form, then the success page. */
export function RegisterPage() {
  const navigate = useNavigate();
  const types = useQuery({ queryKey: ['register-types'], queryFn: () => api<string[]>('GET', '/api/register') });
  const [type, setType] = useState<string | null>(null);
  const [form, setForm] = useState({ email: '', firstname: '', surname: '', password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const options = types.data ?? [];
  const chosen = options.length === 1 ? options[0] : type;
  const pw = newPasswordErrors(form.password, form.confirmPassword);
  const errors = {
    type: chosen ? null : 'You need to choose the registration type',
    email: emailError(form.email),
    password: pw.password ?? null,
    confirm: pw.confirm ?? null,
  };
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      await api('POST', `/api/register/${chosen}`, { ...form, email: form.email.trim() });
      navigate(`/register/success?email=${encodeURIComponent(form.email.trim())}`);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Registration is not successful', message: messagesOf(err), autoClose: false });
    } finally {
      setBusy(false);
    }
  }

  if (types.isPending)
    return (
      <AuthCard title="Register">
        <Loader mx="auto" aria-label="Loading" />
      </AuthCard>
    );
  return (
    <AuthCard title="Register" intro="Create your Safety Hub account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {options.length > 1 && (
            <Select
              label="Registration type"
              data={options.map((o) => ({ value: o, label: TYPE_LABELS[o] ?? o }))}
              value={type}
              onChange={setType}
              error={submitted && errors.type}
              size="md"
            />
          )}
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={submitted && errors.email}
            size="md"
          />
          <TextInput label="First name" autoComplete="given-name" value={form.firstname} onChange={set('firstname')} size="md" />
          <TextInput label="Surname" autoComplete="family-name" value={form.surname} onChange={set('surname')} size="md" />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 12 characters"
            value={form.password}
            onChange={set('password')}
            error={submitted && errors.password}
            size="md"
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            error={submitted && errors.confirm}
            size="md"
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            Register
          </Button>
          <Anchor component={Link} to="/admin_login" ta="center" size="sm">
            Already registered? Sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function RegisterSuccessPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Check your email">
      <Text ta="center">
        We have sent a confirmation link to <strong>{params.get('email')}</strong>. Open it to confirm your email address, then sign in.
      </Text>
      <Text ta="center" size="sm" c="dimmed">
        No email after a few minutes? Look in your spam folder. You can register again with the same address for a new link (we send at most
        three an hour), or reset your password, which also confirms your address.
      </Text>
      <Anchor component={Link} to="/admin_login" ta="center">
        Go to sign in
      </Anchor>
    </AuthCard>
  );
}

/** The emailed confirmation link: token and username from the query. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending');
  // The server says what comes next: sign in, or (the link opened on another device than the
  // one that registered) choose a password through the link it has just mailed.
  const [done, setDone] = useState('Your email address is confirmed. You can now sign in.');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api<{ message?: string }>('POST', '/api/register/confirm-email', {
      token: params.get('token') ?? '',
      email: params.get('username') ?? '',
    })
      .then((answer) => {
        if (typeof answer?.message === 'string' && answer.message) setDone(answer.message);
        setState('done');
      })
      .catch((err) => {
        setState('failed');
        notifications.show({ color: 'red', title: 'Email Confirmation was not successful', message: messagesOf(err), autoClose: false });
      });
  }, [params]);
  return (
    <AuthCard title="Confirm your email">
      {state === 'pending' && <Loader mx="auto" aria-label="Confirming" />}
      {state === 'done' && <Text ta="center">{done}</Text>}
      {state === 'failed' && (
        <Text ta="center">
          Email Confirmation was not successful. The link may have expired or been used already: if you have confirmed your address, sign
          in; if you cannot, reset your password, which also confirms your address.
        </Text>
      )}
      {state !== 'pending' && (
        <Anchor component={Link} to="/admin_login" ta="center">
          Go to sign in
        </Anchor>
      )}
    </AuthCard>
  );
}
