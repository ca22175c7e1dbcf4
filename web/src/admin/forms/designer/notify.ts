import { notifications } from '@mantine/notifications';
import type { EditResult } from '@hub/model/forms';

/** Shows the model's refusal (the spec's slide and move messages) as a warning toast. */
export function showRefusal(result: EditResult): EditResult {
  if (!result.ok) notifications.show({ color: 'orange', title: 'Not possible', message: result.message });
  return result;
}
