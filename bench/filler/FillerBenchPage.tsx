import { Container, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { FormFiller } from '../../web/src/forms/FormFiller';
import { benchDefinition } from './definition';

declare global {
  interface Window {
    /** performance.now() after the benchmark form's first paint. */
    __fillerReady?: number;
  }
}

const USERS = Array.from({ length: 20 }, (_, i) => ({ id: `user-${i + 1}`, name: `Worker ${i + 1}` }));

/** The filler benchmark: a generated 200-question form on one slide (pagination 'scroll'). */
export function FillerBenchPage() {
  const definition = useMemo(() => benchDefinition(200), []);
  useEffect(() => {
    // Effects run after the commit; the frame after the next animation frame has been painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        window.__fillerReady = performance.now();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Title order={1} size="h2" mb="md">
        Filler benchmark
      </Title>
      <FormFiller
        definition={definition}
        mode="fill"
        users={USERS}
        onSubmit={async () => {}}
        onSaveDraft={async () => {}}
        onCancel={() => {}}
      />
    </Container>
  );
}
