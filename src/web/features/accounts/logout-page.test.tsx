// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contracts/messages';
import { profileQuery } from '../../lib/account-api';
import { readToken, storeToken } from '../../lib/auth-store';
import { fakeServer, renderScreen } from '../../test-support/render';
import { LogoutPage } from './logout-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the logout page', () => {
  it('ends the session on the server, forgets the token and every kept answer, and says so', async () => {
    const server = fakeServer(() => ({ body: { message: 'Logged out' } }));
    storeToken('session-token', 'student');
    const { client } = renderScreen(<LogoutPage />);
    client.setQueryData(profileQuery().queryKey, { id: 7 } as never);

    fireEvent.click(screen.getByRole('button', { name: messages.logoutConfirm }));

    expect(await screen.findByRole('heading', { name: messages.loggedOut })).toBeTruthy();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /students/logout']);
    expect(readToken()).toBeNull();
    expect(client.getQueryData(profileQuery().queryKey)).toBeUndefined();
  });

  it('signs out on this computer even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    storeToken('session-token', 'student');
    renderScreen(<LogoutPage />);

    fireEvent.click(screen.getByRole('button', { name: messages.logoutConfirm }));

    expect(await screen.findByRole('heading', { name: messages.loggedOut })).toBeTruthy();
    expect(readToken()).toBeNull();
  });
});
