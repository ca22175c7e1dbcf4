import { ROLES } from '@hub/model';
import type { FeedbackPayload } from '@hub/model/site';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberAs, renderPage, serve, siteConfig, type Reply } from '../library/test-render';
import { ContactPage, contactMessages } from './ContactPage';

const me = memberAs(ROLES.safetyWorker);

function serveContact(reply: Reply, phone: string | null = '1300 000 000') {
  const sent: FeedbackPayload[] = [];
  const fetchMock = serve({
    '/api/site': { body: siteConfig({ supportPhone: phone }) },
    'POST /api/entity/FeedbackAndHelpEntity': (init) => {
      sent.push(JSON.parse(String(init?.body)) as FeedbackPayload);
      return reply;
    },
  });
  return { sent, fetchMock };
}

const textarea = () => screen.getByPlaceholderText('Start typing something here') as HTMLTextAreaElement;

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/contactus', () => {
  it('shows the form only once a choice is made; the toggles say which is chosen', async () => {
    serveContact({ status: 201, body: { id: 'x' } });
    renderPage(<ContactPage />, me, '/contactus');
    expect(screen.getByRole('heading', { level: 1, name: 'Help and Feedback' })).toBeTruthy();
    expect(screen.queryByPlaceholderText('Start typing something here')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    const help = screen.getByRole('button', { name: 'I need help' });
    const feedback = screen.getByRole('button', { name: 'Feedback on ME Hub' });
    expect(help.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(help);
    expect(help.getAttribute('aria-pressed')).toBe('true');
    expect(textarea().required).toBe(true);
    expect(await screen.findByRole('link', { name: '1300 000 000' })).toBeTruthy();
    expect(screen.getByText(/reply to you by email/)).toBeTruthy();

    fireEvent.click(feedback);
    expect(feedback.getAttribute('aria-pressed')).toBe('true');
    expect(help.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(/Was it easy to find what you were looking for\? Is there anything missing/)).toBeTruthy();
    const crumbs = screen.getByLabelText('Breadcrumb');
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home']);
    expect(within(crumbs).getByText('Contact Us')).toBeTruthy();
  });

  it('the text is required: blank or spaces are not sent', async () => {
    const { fetchMock } = serveContact({ status: 201, body: { id: 'x' } });
    renderPage(<ContactPage />, me, '/contactus');
    fireEvent.click(screen.getByRole('button', { name: 'I need help' }));
    fireEvent.change(textarea(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(contactMessages.required)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([p]) => p === '/api/entity/FeedbackAndHelpEntity')).toBe(false);
  });

  it.each([
    ['I need help', 'HELP', "Your message has been sent. We'll be in touch asap!"],
    ['Feedback on ME Hub', 'FEEDBACK', 'Thanks for providing your thoughts. All feedback is appreciated.'],
  ] as const)('%s: sends category, own email and text; the success modal, then the text clears', async (toggle, category, text) => {
    const { sent } = serveContact({ status: 201, body: { id: 'x' } });
    renderPage(<ContactPage />, me, '/contactus');
    fireEvent.click(screen.getByRole('button', { name: toggle }));
    fireEvent.change(textarea(), { target: { value: 'The search could find licences too.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submission successful' });
    expect(within(dialog).getByText(text)).toBeTruthy();
    expect(sent).toEqual([{ category, email: 'sam@sparkright.example', information: 'The search could find licences too.' }]);
    expect(textarea().value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failure shows an error toast with the message that stays until closed, and keeps the text', async () => {
    const show = vi.spyOn(notifications, 'show');
    serveContact({ status: 400, body: { errors: [{ message: 'Information is too long' }] } }, null);
    renderPage(<ContactPage />, me, '/contactus');
    fireEvent.click(screen.getByRole('button', { name: 'I need help' }));
    expect(screen.queryByText(/support line/)).toBeNull();
    fireEvent.change(textarea(), { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Information is too long')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Information is too long', autoClose: false }));
    expect(textarea().value).toBe('Keep me');
    expect(screen.queryByRole('dialog', { name: 'Submission successful' })).toBeNull();
  });
});
