import { Button, Flex, Modal, Text, useMatches } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/** What Cancel will do, said plainly: with a saved draft, Cancel deletes it. */
export function cancelMessage(hasSavedDraft: boolean, dirty: boolean): string {
  if (!hasSavedDraft) return 'You have unsaved answers. Save your progress as a draft to continue later, or discard them.';
  return dirty
    ? 'Cancelling deletes your saved draft of this form and discards your unsaved answers. This cannot be undone. To keep your answers for later, save your progress as a draft instead.'
    : 'Cancelling deletes your saved draft of this form. This cannot be undone. To keep it for later, save your progress as a draft instead.';
}

/** The incomplete-form modal: 'Discard and take me back' or 'Save progress as draft'. */
export function IncompleteFormModal(props: {
  opened: boolean;
  message: string;
  /** Discarding deletes a saved draft (the button is red). */
  destructive: boolean;
  canSave: boolean;
  saving: boolean;
  onClose(): void;
  onDiscard(): void;
  onSave(): void;
}) {
  const size = useMatches({ base: 'sm', sm: 'md' });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="This form is incomplete" centered>
      <Text mb="lg">{props.message}</Text>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
        <Button
          variant={props.destructive ? 'outline' : 'default'}
          color={props.destructive ? 'red' : undefined}
          size={size}
          mih={44}
          onClick={props.onDiscard}
        >
          Discard and take me back
        </Button>
        {props.canSave && (
          <Button size={size} mih={44} loading={props.saving} onClick={props.onSave}>
            Save progress as draft
          </Button>
        )}
      </Flex>
    </Modal>
  );
}

/**
 * Blocks navigation out of the filler while `shouldBlock` says so, and asks with the
 * incomplete-form modal: discard (go on) or save a draft (then go on). Its own component, so
 * the router state it reads re-renders only this.
 */
export function LeaveGuard(props: {
  shouldBlock: BlockerFunction;
  hasSavedDraft: boolean;
  canSave: boolean;
  saving: boolean;
  onDiscard(): void;
  onSave(): Promise<boolean>;
}) {
  const blocker = useBlocker(props.shouldBlock);
  // The save is asynchronous: by its end, act on the blocker as it is then.
  const latest = useRef(blocker);
  useLayoutEffect(() => {
    latest.current = blocker;
  });
  const settle = (go: boolean) => {
    const b = latest.current;
    if (b.state !== 'blocked') return;
    if (go) b.proceed();
    else b.reset();
  };
  return (
    <IncompleteFormModal
      opened={blocker.state === 'blocked'}
      message={
        props.hasSavedDraft
          ? 'You have answers that are not saved yet. Save your progress as a draft to continue later, or discard the changes since your last save (your saved draft stays as it was).'
          : 'You have unsaved answers. Save your progress as a draft to continue later, or discard them.'
      }
      destructive={false}
      canSave={props.canSave}
      saving={props.saving}
      onClose={() => settle(false)}
      onDiscard={() => {
        props.onDiscard();
        settle(true);
      }}
      onSave={async () => settle(await props.onSave())}
    />
  );
}
