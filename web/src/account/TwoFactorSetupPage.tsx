import { Alert, Badge, Button, Container, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../client/api';
import { useMe } from '../app/session';

type Setup = { method: 'authenticator' | 'email'; key?: string; qrCode?: string; codeSentTo?: string };

const FAILED: Record<string, string> = {
  authenticator: 'There was an error configuring the authenticator application.',
  email: 'There was an error configuring email authentication.',
};

export const UNABLE_TO_CONFIGURE = 'Unable to configure';

/** Two-factor setup for oneself: an authenticator app (QR code or key) or emailed codes. */
export function TwoFactorSetupPage() {
  const me = useMe().data!;
  const client = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['me'] });

  async function start(method: Setup['method']) {
    setBusy(true);
    try {
      const answer = await api<Setup>('POST', '/api/account/configure-2fa', { method, userName: me.email }, { redirectOn401: true });
      // An authenticator setup needs the key and its QR code; anything else cannot be used.
      if (method === 'authenticator' && (answer?.method !== 'authenticator' || !answer.key || !answer.qrCode)) {
        notifications.show({ color: 'red', message: UNABLE_TO_CONFIGURE });
        return;
      }
      setSetup(answer);
      setCode('');
    } catch (err) {
      notifications.show({ color: 'red', message: FAILED[method], autoClose: false });
      console.error(err);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!setup) return;
    setBusy(true);
    try {
      await api('POST', '/api/account/configure-2fa', { method: setup.method, userName: me.email, token: code });
      notifications.show({ color: 'green', message: 'Successfully enabled two factor authentication' });
      setSetup(null);
      await refresh();
    } catch (err) {
      const message =
        err instanceof ApiError
          ? err.message
          : setup.method === 'email'
            ? 'Invalid two factor code'
            : 'Invalid authentication code. Please try again.';
      notifications.show({ color: 'red', message });
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    try {
      await api('POST', '/api/account/disable-2fa', { userName: me.email });
      notifications.show({ color: 'green', message: 'Two factor authentication is off' });
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: `Unable to disable 2fa: ${err instanceof Error ? err.message : err}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Title order={1}>Two-factor authentication</Title>
        <Group gap="xs">
          <Text>Status:</Text>
          {me.twoFactorMethod ? (
            <Badge color="green">On ({me.twoFactorMethod === 'email' ? 'email codes' : 'authenticator app'})</Badge>
          ) : (
            <Badge color="gray">Off</Badge>
          )}
        </Group>
        <Text c="dimmed">A second step at sign-in keeps your records safe even if your password is guessed or leaked.</Text>
        {!setup && (
          <Group>
            <Button onClick={() => start('authenticator')} loading={busy}>
              Use an authenticator app
            </Button>
            <Button variant="light" onClick={() => start('email')} loading={busy}>
              Use email codes
            </Button>
            {me.twoFactorMethod && (
              <Button variant="subtle" color="red" onClick={disable} loading={busy}>
                Turn off
              </Button>
            )}
          </Group>
        )}
        {setup && (
          <Paper withBorder p="md" radius="md">
            <form onSubmit={confirm}>
              <Stack gap="sm">
                {setup.method === 'authenticator' ? (
                  <>
                    <Text>Scan this code with your authenticator app, or type the key into it.</Text>
                    <Image src={setup.qrCode} alt="QR code for your authenticator app" w={220} h={220} />
                    <Alert variant="light" color="navy" title="Key">
                      <Text ff="monospace" fz="lg" data-testid="totp-key">
                        {setup.key}
                      </Text>
                    </Alert>
                  </>
                ) : (
                  <Text>We have emailed a 6-digit code to {setup.codeSentTo}.</Text>
                )}
                <TextInput
                  label="Code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  maw={200}
                />
                <Group>
                  <Button type="submit" loading={busy}>
                    Turn on
                  </Button>
                  <Button variant="subtle" onClick={() => setSetup(null)}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
