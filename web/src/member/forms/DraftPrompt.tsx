import { Button, Flex, Modal, Text, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearLocalAnswers } from '../../offline/local-answers';
import { removeWaitingDrafts } from '../../offline/outbox';
import { deleteDraft, hasDraft } from './forms-api';

/**
 * The prompt's buttons are never cut off: stacked full width on phones, side by side when
 * they fit, and a label longer than its line (a narrow window, a large text size) wraps
 * inside a button that grows, at least a 44 px tap target.
 */
const wrapping: ButtonProps['styles'] = {
  root: { height: 'auto', minHeight: 44, maxWidth: '100%' },
  inner: { paddingBlock: 6 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 },
};

/**
 * Create for a form: checks for a draft first. With one, the user chooses to continue it
 * or discard it and start again; either way the filler opens at /safety-form/{formId}.
 * Discarding also forgets the answers kept on this device for `userId` (docs/offline.md).
 */
export function useCreateForm(userId?: string) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      // Starting from scratch: the answers kept on this device for the form go too.
      if (userId) await Promise.all([clearLocalAnswers(userId, pending), removeWaitingDrafts(userId, pending).catch(() => {})]);
      void navigate(`/safety-form/${pending}`);
    } catch {
      notifications.show({ color: 'red', message: 'There was an error when discarding the form draft' });
    } finally {
      setBusy(false);
    }
  };

  const prompt = (
    <Modal
      opened={!!pending}
      onClose={() => setPending(null)}
      title="A draft of this form already exists"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text mb="md">You started this form earlier. Continue where you left off, or discard that draft and start again.</Text>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" wrap="wrap" gap="sm">
        <Button variant="default" styles={wrapping} loading={busy} onClick={() => void discard()}>
          Discard and start from scratch
        </Button>
        <Button styles={wrapping} onClick={() => pending && void navigate(`/safety-form/${pending}`)}>
          Continue editing
        </Button>
      </Flex>
    </Modal>
  );
  return { open, prompt };
}
