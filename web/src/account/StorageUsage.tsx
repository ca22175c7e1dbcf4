import { Alert, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client/api';

/** GET /api/files/usage: the organisation's stored files against its quota, the caller's uploads this hour against the rate. */
interface Usage {
  organisationBytes: number | null;
  organisationQuotaBytes: number | null;
  accountBytesLastHour: number | null;
  accountBytesPerHour: number | null;
}

/** The hub's megabyte (model's MB). */
const MB = 1_000_000;

/** '5 GB', '200 MB', '1.5 MB' as the hub's upload messages say them; under a megabyte '36 kB', '512 bytes' (not '0 MB'). */
export function sizeText(bytes: number): string {
  if (bytes >= 1000 * MB) return `${Number((bytes / (1000 * MB)).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} kB`;
  return `${bytes} bytes`;
}

/** The figures of the upload limits (issue 26): storage used by the organisation, and this account's uploads in the hour. */
export function StorageUsage() {
  const usage = useQuery({
    queryKey: ['file-usage'],
    queryFn: () => api<Usage>('GET', '/api/files/usage', undefined, { redirectOn401: true }),
  });
  const u = usage.data;
  return (
    <Stack gap="xs">
      <Title order={2}>Storage</Title>
      {usage.isError && <Alert color="red">Failed to load your organisation's storage</Alert>}
      {u && u.organisationBytes !== null && u.organisationQuotaBytes !== null && (
        <>
          <Text>
            Your organisation uses {sizeText(u.organisationBytes)} of its {sizeText(u.organisationQuotaBytes)} of storage.
          </Text>
          <Progress
            value={Math.min(100, (u.organisationBytes / u.organisationQuotaBytes) * 100)}
            color={u.organisationBytes >= u.organisationQuotaBytes * 0.9 ? 'red' : 'safety'}
            aria-label="Storage used"
            size="lg"
          />
          {u.organisationBytes >= u.organisationQuotaBytes && (
            <Alert color="red" variant="light">
              Your organisation has used its {sizeText(u.organisationQuotaBytes)} of storage. Delete files you no longer need or ask the
              association for more.
            </Alert>
          )}
        </>
      )}
      {u && u.accountBytesLastHour !== null && u.accountBytesPerHour !== null && (
        <Text c="dimmed" size="sm">
          You have uploaded {sizeText(u.accountBytesLastHour)} in the last hour (files refused or since deleted count too); each account may
          upload {sizeText(u.accountBytesPerHour)} an hour.
        </Text>
      )}
    </Stack>
  );
}
