import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test-utils.js';
import { FormDialog } from './FormDialog.js';
import { FormField, useFieldLimit } from './form.js';
import { useConfirm } from './useConfirm.js';
import { UNSAVED_CHANGES_MESSAGE } from './UnsavedChangesGuard.js';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(10, 'Name must be at most 10 characters'),
  rate: z.coerce.number({ error: 'Rate must be a number' }).min(0, 'Rate must be 0 or more'),
});

function NameInput(props: React.ComponentProps<typeof Input>) {
  return <Input maxLength={useFieldLimit('name')} {...props} />;
}

function Harness({ onSubmit }: { onSubmit: (v: z.output<typeof schema>) => Promise<boolean | void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <FormDialog
        open={open}
        title="Thing"
        schema={schema}
        defaultValues={{ name: '', rate: 0 }}
        submitLabel="Save"
        onSubmit={(v) => onSubmit(v)}
        onClose={() => setOpen(false)}
      >
        {(form) => (
          <>
            <FormField name="name" label="Name" required>
              <NameInput aria-label="Name" {...form.register('name')} />
            </FormField>
            <FormField name="rate" label="Rate">
              <Input aria-label="Rate" {...form.register('rate')} />
            </FormField>
          </>
        )}
      </FormDialog>
    </>
  );
}

describe('FormDialog', { timeout: 30_000 }, () => {
  it('shows the schema messages, clears an error when the value is corrected, and closes after saving', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Rate'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    screen.getByText('Rate must be 0 or more');
    fireEvent.change(screen.getByLabelText('Rate'), { target: { value: '5' } });
    await waitFor(() => expect(screen.queryByText('Rate must be 0 or more')).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).maxLength).toBe(10);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Kayak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Kayak', rate: 5 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thing' })).toBeNull());
  });

  it('asks before a dirty form is closed by Escape, and stays open on Stay', async () => {
    renderWithProviders(<Harness onSubmit={async () => undefined} />);
    // Zag attaches the dialog's Escape listener a frame after it opens.
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } });
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    await screen.findByText(UNSAVED_CHANGES_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('x');
  });

  it('closes a clean form without asking', async () => {
    renderWithProviders(<Harness onSubmit={async () => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thing' })).toBeNull());
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull();
  });

  it('puts server field errors on their fields and stays open', async () => {
    const refusal = Object.assign(new Error('Validation failed'), {
      details: [{ path: 'name', msg: 'Name already exists' }],
    });
    renderWithProviders(<Harness onSubmit={async () => Promise.reject(refusal)} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Kayak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name already exists');
    screen.getByRole('dialog', { name: 'Thing' });
  });
});

function ConfirmHarness({ onResult }: { onResult: (ok: boolean) => void }) {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm({ title: 'Delete?', message: 'Sure?', confirmLabel: 'Delete', destructive: true }).then(onResult)
        }
      >
        ask
      </button>
      {confirmDialog}
    </>
  );
}

describe('useConfirm', { timeout: 30_000 }, () => {
  it('resolves true on confirm and false on cancel', async () => {
    const onResult = vi.fn();
    renderWithProviders(<ConfirmHarness onResult={onResult} />);
    fireEvent.click(screen.getByText('ask'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(true));
    fireEvent.click(screen.getByText('ask'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(false));
  });
});
