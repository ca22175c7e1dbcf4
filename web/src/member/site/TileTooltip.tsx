import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A home tile's tooltip (a chunk of its own: the positioning code is not needed for home's first paint). */
export function TileTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} multiline w={260} withArrow openDelay={300}>
      {children}
    </Tooltip>
  );
}
