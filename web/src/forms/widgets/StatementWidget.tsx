import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { InfoTip, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

/** statement: text to read, no answer. 'Important' is a prominent alert, 'Light' (default) plain. */
export function StatementWidget({ q }: WidgetProps) {
  if (q.className === 'Important')
    return (
      <Alert
        data-question-id={q.id}
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={
          <>
            {q.title}
            {q.toolTip && <InfoTip text={q.toolTip} />}
          </>
        }
        styles={{ message: { whiteSpace: 'pre-wrap' } }}
      >
        {q.content}
      </Alert>
    );
  return (
    <div className={classes.statementLight} data-question-id={q.id}>
      {q.title && (
        <div className={classes.titleRow}>
          <Text fw={600} size="sm">
            {q.title}
          </Text>
          {q.toolTip && <InfoTip text={q.toolTip} />}
        </div>
      )}
      {q.content && (
        <Text size="md" style={{ whiteSpace: 'pre-wrap' }}>
          {q.content}
        </Text>
      )}
    </div>
  );
}
