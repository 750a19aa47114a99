import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';

vi.setConfig({ testTimeout: 30_000 });

const owner = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  firstName: 'Sam',
  lastName: 'Owner',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
};
const manager = { ...owner, id: 'u9', role: 'EMPLOYEE', accessLevel: 'MANAGER', firstName: 'Mia' };
function signIn(user: typeof owner) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}

const detail = (over: Record<string, unknown> = {}) => ({
  id: 'u2',
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@example.com',
  phone: null,
  username: 'pat@example.com',
  role: 'EMPLOYEE' as const,
  accessLevel: 'EMPLOYEE' as const,
  status: 'ACTIVE' as const,
  isActive: true,
  jobRole: 'Guide',
  location: null,
  hourlyWage: null,
  hourlyWageCents: null,
  startDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isOwner: false,
  organization: { name: 'Acme' },
  hasPin: false,
  preferredName: null,
  personalEmail: null,
  mobileNumber: null,
  emergencyContact: null,
  dateOfBirth: null,
  ssnLast4: null,
  homeAddress: null,
  managerNotes: null,
  profilePicture: null as string | null,
  setupExpiresAt: null,
  deactivatedAt: null,
  pendingEmail: null,
  pendingEmailExpiresAt: null,
  ...over,
});

const S3 = 'http://s3.test/uploads';
const PICTURE = 'http://s3.test/uploads/tenants/o1/photos/medium/key1.webp?X-Amz-Signature=abc';
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });
const chooseFile = async (file: File) => {
  fireEvent.click(await screen.findByRole('button', { name: 'Add picture' }, { timeout: 20_000 }));
  fireEvent.change(screen.getByLabelText('Picture file'), { target: { files: [file] } });
};

afterEach(() => localStorage.clear());

describe('employee picture (R-EMP-8)', () => {
  it('uploads the chosen image through the presigned form and shows the picture the server answers', async () => {
    signIn(owner);
    let posted = false;
    const calls = stubApi(
      {
        'users.get': { body: { employee: detail() } },
        'users.presignPicture': {
          status: 201,
          body: { baseKey: 'key1', upload: { url: S3, fields: { key: 'incoming/photos/o1/key1.png' } }, maxBytes: 1 },
        },
        'users.setPicture': (c) => ({
          body: {
            success: true,
            message: 'Picture updated',
            employee: detail({
              profilePicture: c.body && (c.body as { baseKey: string }).baseKey === 'key1' ? PICTURE : null,
            }),
          },
        }),
      },
      {
        [`POST ${S3}`]: () => {
          posted = true;
          return { status: 204, body: undefined };
        },
      },
    );
    renderApp('/acme/employees/u2');
    await chooseFile(png());
    await waitFor(() => expect(screen.getByAltText('Pat Lee').getAttribute('src')).toBe(PICTURE), { timeout: 10_000 });
    expect(posted).toBe(true);
    const presign = calls.find((c) => c.id === 'users.presignPicture')!;
    expect(presign.body).toEqual({ contentType: 'image/png', size: 8 });
    expect(new Headers(presign.init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(calls.find((c) => c.id === 'users.setPicture')?.body).toEqual({ baseKey: 'key1' });
    screen.getByRole('button', { name: 'Change picture' });
    expect(screen.queryByText(/to be implemented/)).toBeNull();
  });

  it('refuses a file that is not an image before sending anything, and shows what the server refuses', async () => {
    signIn(owner);
    const calls = stubApi(
      {
        'users.get': { body: { employee: detail() } },
        'users.presignPicture': {
          status: 201,
          body: { baseKey: 'bad', upload: { url: S3, fields: {} }, maxBytes: 1 },
        },
        'users.setPicture': { status: 400, body: { error: 'BadRequest', message: 'Please select an image file.' } },
      },
      { [`POST ${S3}`]: { status: 204, body: undefined } },
    );
    renderApp('/acme/employees/u2');
    await chooseFile(new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    await screen.findByText('Please select an image file.');
    expect(calls.some((c) => c.id === 'users.presignPicture')).toBe(false);

    // An image by its name and type, refused by the server's byte check.
    await chooseFile(png());
    await waitFor(() => expect(calls.some((c) => c.id === 'users.setPicture')).toBe(true), { timeout: 10_000 });
    await screen.findByText('Please select an image file.');
    expect(screen.queryByAltText('Pat Lee')).toBeNull();
  });

  it('offers no change to someone who may not edit the employee (a manager viewing an administrator)', async () => {
    signIn(manager);
    stubApi({
      'users.get': {
        body: {
          employee: detail({
            id: 'u1',
            firstName: 'Sam',
            lastName: 'Owner',
            role: 'BUSINESS_ADMIN',
            profilePicture: PICTURE,
          }),
        },
      },
    });
    renderApp('/acme/employees/u1');
    await screen.findByRole('heading', { name: 'Sam Owner' }, { timeout: 20_000 });
    expect(screen.getByAltText('Sam Owner').getAttribute('src')).toBe(PICTURE);
    expect(screen.queryByRole('button', { name: /picture/i })).toBeNull();
    expect(screen.queryByLabelText('Picture file')).toBeNull();
  });
});
