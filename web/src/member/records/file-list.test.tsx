import { MantineProvider } from '@mantine/core';
import { getEntity } from '@hub/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { FileListField } from '../../admin/record/FileListField';
import { fileLists } from '../../admin/record/record-query';

afterEach(cleanup);

describe('the file list on member record pages', () => {
  it("names the member pages' Save, and its upload button's name holds its visible text", () => {
    const list = fileLists(getEntity('AssetEntity')).find((l) => l.name === 'assetAttachmentss')!;
    const picked = new File(['x'], 'ladder.pdf', { type: 'application/pdf' });
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient()}>
          <FileListField
            list={list}
            mode="create"
            change={{ add: [picked], remove: [] }}
            onChange={() => {}}
            canAdd
            canRemove
            multiple={false}
            saveWord="Save"
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText(/uploaded on Save$/)).toBeTruthy();
    expect(screen.queryByText(/on Submit/)).toBeNull();
    const upload = screen.getByRole('button', { name: /^Upload Attachments/ });
    expect(upload.getAttribute('aria-label')).toContain(upload.textContent!.trim());
  });
});
