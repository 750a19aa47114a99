import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { RemindersEditor } from './RemindersEditor.js';

let last: Record<string, unknown> = {};
function Harness({ initial }: { initial: Record<string, unknown> }) {
  const [v, setV] = useState(initial);
  last = v;
  return (
    <RemindersEditor
      value={v}
      onChange={(next) => {
        last = next;
        setV(next);
      }}
    />
  );
}

describe("the service's Reminders tab (R-SET-7)", () => {
  it("uses the store's reminders until own times are switched on, then edits them", async () => {
    renderWithProviders(<Harness initial={{}} />);
    await screen.findByText(/Customers get the store's reminders/);
    fireEvent.click(screen.getByLabelText("Use this service's own reminder times"));
    await screen.findByText('1 day before');
    expect(last).toEqual({ beforeMinutes: [1440, 120] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the reminder 1 day before' }));
    fireEvent.change(screen.getByLabelText('Remind customers: how long before'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('Remind customers: unit'), { target: { value: 'minutes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    await screen.findByText('45 minutes before');
    expect(last).toEqual({ beforeMinutes: [120, 45] });
  });

  it('turned off: no reminders for this service, older keys kept', async () => {
    renderWithProviders(<Harness initial={{ hoursBefore: 24, beforeMinutes: [60] }} />);
    fireEvent.click(await screen.findByLabelText("Send reminders for this service's bookings"));
    await screen.findByText('Customers of this service get no reminders.');
    expect(last).toEqual({ hoursBefore: 24, beforeMinutes: [60], enabled: false });
  });
});
