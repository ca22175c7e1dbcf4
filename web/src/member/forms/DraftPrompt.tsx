import { Button, Flex, Modal, Text, useMatches } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteDraft, hasDraft } from './forms-api';

/**
 * Create for a form: checks for a draft first. With one, the user chooses to continue it
 * or discard it and start again; either way the filler opens at /safety-form/{formId}.
 */
export function useCreateForm() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Phones: full-width buttons stacked, a size whose longest label fits 375 px.
  const size = useMatches({ base: 'sm', xs: 'md' });

  const open = async (formId: string) => {
    let exists = false;
    try {
      exists = await hasDraft(formId);
    } catch {
      // Not knowing is no reason to stop the user: the filler fetches the draft itself.
    }
    if (exists) setPending(formId);
    else void navigate(`/safety-form/${formId}`);
  };

  const discard = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await deleteDraft(pending);
      void navigate(`/safety-form/${pending}`);
    } catch {
      notifications.show({ color: 'red', message: 'There was an error when discarding the form draft' });
    } finally {
      setBusy(false);
    }
  };

  const prompt = (
    <Modal opened={!!pending} onClose={() => setPending(null)} title="A draft of this form already exists" centered>
      <Text mb="md">You started this form earlier. Continue where you left off, or discard that draft and start again.</Text>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
        <Button variant="default" size={size} mih={44} loading={busy} onClick={() => void discard()}>
          Discard and start from scratch
        </Button>
        <Button size={size} mih={44} onClick={() => pending && void navigate(`/safety-form/${pending}`)}>
          Continue editing
        </Button>
      </Flex>
    </Modal>
  );
  return { open, prompt };
}
