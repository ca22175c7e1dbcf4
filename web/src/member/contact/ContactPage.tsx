import { Anchor, Button, Container, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHelp, IconMessageCircle } from '@tabler/icons-react';
import { FEEDBACK_MAX_LENGTH, type FeedbackPayload } from '@hub/model/site';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../client/api';
import { useMe } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { useSiteConfig } from '../site/site-api';

type Category = FeedbackPayload['category'];

export const contactMessages = {
  required: 'This field is required',
  successTitle: 'Submission successful',
  success: {
    HELP: "Your message has been sent. We'll be in touch asap!",
    FEEDBACK: 'Thanks for providing your thoughts. All feedback is appreciated.',
  } satisfies Record<Category, string>,
  failureTitle: 'Your message could not be sent',
};

export const sendFeedback = (payload: FeedbackPayload) => api<unknown>('POST', '/api/entity/FeedbackAndHelpEntity', payload);

function Prompt({ category, phone }: { category: Category; phone: string | null }) {
  if (category === 'HELP')
    return (
      <Stack gap={4}>
        <Text>Tell us what you need help with and we'll reply to you by email as soon as we can.</Text>
        {phone && (
          <Text>
            {'If it is urgent, call our support line on '}
            <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor>.
          </Text>
        )}
      </Stack>
    );
  return (
    <Stack gap={4}>
      <Text>We'd love to hear what you think of ME Hub.</Text>
      <Text>Was it easy to find what you were looking for? Is there anything missing that you would like to see?</Text>
    </Stack>
  );
}

/** /contactus 'Help and Feedback': choose help or feedback, write, submit. */
export function ContactPage() {
  const me = useMe().data;
  const site = useSiteConfig().data;
  const [category, setCategory] = useState<Category | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The success modal: open, and for which category (kept while it closes). */
  const [sent, setSent] = useState<{ category: Category; open: boolean } | null>(null);
  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: (_data, payload) => {
      setText('');
      setSent({ category: payload.category, open: true });
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: contactMessages.failureTitle, message: (err as Error).message, autoClose: false }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!category || send.isPending) return;
    if (!text.trim()) {
      setError(contactMessages.required);
      return;
    }
    send.mutate({ category, email: me?.email ?? '', information: text });
  }

  const close = () => setSent((s) => s && { ...s, open: false });
  const choose = (c: Category) => {
    setCategory(c);
    setError(null);
  };

  return (
    <Container size="sm" py="md">
      <Crumbs items={[{ label: 'Contact Us' }]} safety={false} />
      <Title order={1} mb="md">
        Help and Feedback
      </Title>
      <Text mb="sm" id="contact-choice">
        What would you like to do?
      </Text>
      <Group gap="sm" mb="lg" role="group" aria-labelledby="contact-choice" grow preventGrowOverflow={false}>
        <Button
          variant={category === 'HELP' ? 'filled' : 'outline'}
          aria-pressed={category === 'HELP'}
          leftSection={<IconHelp size={20} aria-hidden />}
          onClick={() => choose('HELP')}
          mih={44}
        >
          I need help
        </Button>
        <Button
          variant={category === 'FEEDBACK' ? 'filled' : 'outline'}
          aria-pressed={category === 'FEEDBACK'}
          leftSection={<IconMessageCircle size={20} aria-hidden />}
          onClick={() => choose('FEEDBACK')}
          mih={44}
        >
          Feedback on ME Hub
        </Button>
      </Group>
      {category && (
        <form onSubmit={submit} noValidate aria-labelledby="contact-heading">
          <Stack gap="md">
            <Title order={2} fz="lg" id="contact-heading">
              {category === 'HELP' ? 'I need help' : 'Feedback on ME Hub'}
            </Title>
            <Prompt category={category} phone={site?.supportPhone ?? null} />
            <Textarea
              label={category === 'HELP' ? 'How can we help?' : 'Your feedback'}
              placeholder="Start typing something here"
              required
              rows={6}
              resize="vertical"
              maxLength={FEEDBACK_MAX_LENGTH}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                if (error && e.currentTarget.value.trim()) setError(null);
              }}
              error={error}
              size="md"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} mih={44} miw={120}>
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Modal opened={!!sent?.open} onClose={close} title={contactMessages.successTitle} centered>
        <Text mb="md">{sent && contactMessages.success[sent.category]}</Text>
        <Group justify="flex-end">
          <Button onClick={close} mih={44}>
            Close
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}
