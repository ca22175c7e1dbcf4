import { Title } from '@mantine/core';
import type { Question } from '@hub/model/forms';
import { memo, useMemo } from 'react';
import classes from './FormFiller.module.css';
import { QuestionList } from './QuestionView';

/** Statements of a read-only review slide address the reviewer, not the reader: hidden there. */
function withoutStatements(questions: Question[]): Question[] {
  return questions
    .filter((q) => q.questionType !== 'statement')
    .map((q) => (q.contents ? { ...q, contents: withoutStatements(q.contents) } : q));
}

export const SlideView = memo(function SlideView({
  id,
  name,
  questions,
  readOnly,
  hideStatements,
}: {
  id: string;
  name: string;
  questions: Question[];
  readOnly: boolean;
  hideStatements: boolean;
}) {
  const headingId = `${id}-title`;
  const list = useMemo(() => (hideStatements ? withoutStatements(questions) : questions), [hideStatements, questions]);
  return (
    <section id={id} className={classes.slide} aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} tabIndex={-1} data-slide-title className={classes.slideTitle}>
        {name}
      </Title>
      <QuestionList questions={list} readOnly={readOnly} />
    </section>
  );
});
