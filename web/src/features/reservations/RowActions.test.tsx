import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type GatedRoute, ROUTE_NEEDS } from '../../../../shared/contract/route-needs.js';
import { mayUse, type PermissionPolicy, type RoleHolder } from '../../../../shared/domain/roles.js';
import { renderWithProviders } from '../../test-utils.js';
import { reservation, user } from './fixtures.test-helpers.js';
import { Actions, type RowHandlers } from './RowParts.js';

// R-RES-13: a control shows exactly when its route would answer (docs/decisions/0267-controls-follow-permissions.md).

/** What the API's authorise step answers the person on each route. */
const mayCallAs =
  (u: RoleHolder, policy: PermissionPolicy | null = null) =>
  (route: GatedRoute) =>
    mayUse(u, ROUTE_NEEDS[route], policy);
const handlers: RowHandlers = { onDetails: () => {}, onReturn: () => {}, onCancel: () => {}, onDelete: () => {} };

describe('reservation row buttons', () => {
  const active = reservation({ reservationNumber: 'RES-000001' });
  it('shows Return to a manager, not to an employee (their return route refuses them)', () => {
    const view = renderWithProviders(
      <Actions r={active} handlers={handlers} mayCall={mayCallAs(user('EMPLOYEE', 'MANAGER'))} />,
    );
    screen.getByRole('button', { name: 'Process return of RES-000001' });
    view.unmount();
    renderWithProviders(<Actions r={active} handlers={handlers} mayCall={mayCallAs(user('EMPLOYEE', 'EMPLOYEE'))} />);
    expect(screen.queryByRole('button', { name: 'Process return of RES-000001' })).toBeNull();
    screen.getByRole('button', { name: 'Cancel RES-000001' });
  });
  it('hides Cancel from a manager whose cancel cell is off', () => {
    const policy: PermissionPolicy = { MANAGER: { reservations: { cancel: false } } };
    renderWithProviders(
      <Actions r={active} handlers={handlers} mayCall={mayCallAs(user('EMPLOYEE', 'MANAGER'), policy)} />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel RES-000001' })).toBeNull();
    screen.getByRole('button', { name: 'Process return of RES-000001' });
  });
});
