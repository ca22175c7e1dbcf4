import { Button, Flex, Modal, Text } from '@mantine/core';

/** 'Forms are waiting to send': stay signed in, or sign out and lose them (SignOutGuard.tsx). */
export function SignOutDialog({ count: n, onAnswer }: { count: number; onAnswer: (go: boolean) => void }) {
  return (
    <Modal opened onClose={() => onAnswer(false)} title="Forms are waiting to send" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="lg">
        {n === 1 ? '1 form on this device has' : `${n} forms on this device have`} not been sent yet. Signing out deletes{' '}
        {n === 1 ? 'it' : 'them'} from this device and {n === 1 ? 'it is' : 'they are'} lost. Stay signed in and go back online to send{' '}
        {n === 1 ? 'it' : 'them'} first.
      </Text>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
        <Button variant="outline" color="red" mih={44} onClick={() => onAnswer(true)}>
          Sign out and delete {n === 1 ? 'it' : 'them'}
        </Button>
        <Button mih={44} onClick={() => onAnswer(false)} data-autofocus>
          Stay signed in
        </Button>
      </Flex>
    </Modal>
  );
}
