import { MessagePage } from '../ui/MessagePage';

export function NotFoundPage() {
  return <MessagePage code="404" message="Oops! It seems like the page you are looking for does not exist!" />;
}
