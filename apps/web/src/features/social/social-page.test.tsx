import { DEFAULT_SETTINGS } from '@daywise/shared';
import type {
  Chat,
  Friend,
  FriendRequest,
  Message,
  ProfileVisibility,
  SharedPlan,
} from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi, jsonResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { pressUndo } from '../../test/toasts';
import { chatListEntries } from './chat-tab';
import SocialPage from './social-page';
import { VISIBILITY_INVITE, visibilityInviteKey } from './visibility-invite';

const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2026-01-01' };
const GRACE: Friend = {
  id: 'u2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  profilePictureUrl: null,
};
const CHAT: Chat = {
  id: 'c1',
  friend: GRACE,
  lastMessage: null,
  lastMessageAt: null,
  unreadCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const SHARED_PLAN: SharedPlan = {
  id: 'p1',
  creatorId: ADA.id,
  sharedWithId: GRACE.id,
  title: 'Saturday hike',
  description: '',
  date: '2026-11-28',
  status: 'active',
  tasks: [
    {
      id: 't1',
      title: 'Buy snacks',
      completed: false,
      createdBy: GRACE.id,
      createdByName: GRACE.name,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedBy: null,
      updatedAt: '2026-11-21T09:00:00.000Z',
      completedBy: null,
      completedAt: null,
    },
  ],
  otherUser: { id: GRACE.id, name: GRACE.name },
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

function message(id: string, content: string, minutesAgo: number, senderId = ADA.id): Message {
  return {
    id,
    chatId: CHAT.id,
    senderId,
    content,
    messageType: 'text',
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    isRead: true,
    isEdited: false,
    editedAt: null,
  };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(status === 204 ? new Response(null, { status }) : jsonResponse(body, status));
const failure = () => Promise.resolve(errorResponse(500, 'INTERNAL', 'x'));

/** A request the test answers when it chooses: `fail()` makes it a 500. */
function held() {
  let fail: () => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    fail = () => void failure().then(resolve);
  });
  return { response, fail: () => fail() };
}

interface Data {
  requests?: FriendRequest[];
  friends?: Friend[];
  chats?: Chat[];
  plans?: SharedPlan[];
  messages?: Message[];
  /** The user's Profile Visibility; public unless said, so the invitation stays away. */
  visibility?: ProfileVisibility;
}

const settingsWith = (profileVisibility: ProfileVisibility) => ({
  ...DEFAULT_SETTINGS,
  privacy: { ...DEFAULT_SETTINGS.privacy, profileVisibility },
});

/** A fake API with the given data; `writes` answers every POST, PATCH and DELETE. */
function stubApi(data: Data, writes: () => Promise<Response>) {
  const api = fakeApi();
  for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
    api.route(method, '/api/*', writes);
  }
  api
    .route('POST', '/api/chats', CHAT)
    .route('GET', '/api/account/session', { user: ADA })
    .route('GET', '/api/friend-requests', { requests: data.requests ?? [] })
    .route('GET', '/api/friends', { friends: data.friends ?? [GRACE] })
    .route('GET', '/api/chats', { chats: data.chats ?? [CHAT] })
    .route('GET', '/api/shared-plans', { plans: data.plans ?? [] })
    .route('GET', '/api/chats/:id/messages', ({ params }) =>
      params.id === CHAT.id
        ? { messages: data.messages ?? [], nextCursor: null }
        : errorResponse(404, 'NOT_FOUND', 'Not found'),
    )
    .route('GET', '/api/users/search', { results: [] })
    .route('GET', '/api/settings', settingsWith(data.visibility ?? 'public'));
  return api;
}

function renderPage(activeTab?: string) {
  renderWithProviders(<SocialPage />, {
    route: { pathname: '/dashboard/social', state: activeTab ? { activeTab } : null },
  });
}

async function openChatWithGrace() {
  renderPage('chat');
  await userEvent.click(await screen.findByRole('button', { name: 'Grace Hopper' }));
  return screen.findByRole('log', { name: 'Messages' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('SocialPage', () => {
  it('shows a message at once while sending, and puts the text back when sending fails', async () => {
    const send = held();
    stubApi({ messages: [message('m1', 'Hi Grace', 10)] }, () => send.response);
    const log = await openChatWithGrace();
    await within(log).findByText('Hi Grace');

    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await userEvent.type(box, '  Lunch at noon?  {Enter}');
    expect(box).toHaveValue('');
    const sending = within(log).getByText('Lunch at noon?');
    expect(within(log).getByLabelText('Sending')).toBeInTheDocument();
    expect(sending.closest('li > div')).toHaveClass('opacity-60');

    send.fail();
    await waitFor(() => expect(within(log).queryByText('Lunch at noon?')).not.toBeInTheDocument());
    expect(box).toHaveValue('Lunch at noon?');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send message');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Edit on own messages only within 5 minutes of sending', async () => {
    stubApi(
      {
        messages: [
          message('m1', 'Old news', 6),
          message('m2', 'Fresh news', 4),
          message('m3', 'From Grace', 1, GRACE.id),
        ],
      },
      () => json({}, 204),
    );
    const log = await openChatWithGrace();
    const item = async (text: string) =>
      within((await within(log).findByText(text)).closest('li') as HTMLElement);

    expect((await item('Old news')).queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect((await item('Old news')).getByRole('button', { name: 'Delete message' })).toBeVisible();
    expect((await item('Fresh news')).getByRole('button', { name: 'Edit message' })).toBeVisible();
    expect((await item('From Grace')).queryByRole('button')).toBeNull();
    expect((await item('Old news')).getByText('6m ago')).toBeInTheDocument();
  });

  it('accepts a request at once and undoes it when the server refuses', async () => {
    const accept = held();
    const request: FriendRequest = {
      id: 'r1',
      fromUserId: GRACE.id,
      toUserId: ADA.id,
      sender: { name: GRACE.name, email: GRACE.email, profilePictureUrl: null },
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    stubApi({ requests: [request], friends: [] }, () => accept.response);
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Friends 1 pending request' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Friend Requests (1)' })).toBeVisible();
    expect(
      screen.getByText('No friends yet. Search for users to send friend requests!'),
    ).toBeVisible();

    await userEvent.click(
      screen.getByRole('button', { name: 'Accept friend request from Grace Hopper' }),
    );
    expect(screen.queryByRole('heading', { name: /Friend Requests/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Friends (1)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Friends' })).toBeVisible();

    accept.fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept friend request');
    expect(screen.getByRole('heading', { name: 'Friend Requests (1)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Friends (0)' })).toBeVisible();
  });

  it('ticks a shared task at once and unticks it when saving fails', async () => {
    const toggle = held();
    stubApi({ plans: [SHARED_PLAN] }, () => toggle.response);
    renderPage('shared-plans');
    expect(await screen.findByText('With: Grace Hopper')).toBeVisible();
    expect(screen.getByText('Nov 28, 2026')).toBeVisible();
    expect(screen.getByText('Tasks: 1')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Saturday hike' }));

    const dialog = await screen.findByRole('dialog', { name: 'Saturday hike' });
    expect(within(dialog).getByText('by Grace Hopper')).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Mark "Buy snacks" as completed' }),
    );
    const box = within(dialog).getByRole('checkbox', { name: /Buy snacks/ });
    expect(box).toBeChecked();
    expect(within(dialog).getByText('Buy snacks')).toHaveClass('line-through');

    toggle.fail();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update task');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('checkbox', { name: 'Mark "Buy snacks" as completed' }),
      ).not.toBeChecked(),
    );
    expect(within(dialog).getByText('Buy snacks')).not.toHaveClass('line-through');
  });

  it('takes back a deleted shared task with Undo, sending nothing', async () => {
    const api = stubApi({ plans: [SHARED_PLAN] }, () => json(null, 204));
    const { user } = renderWithProviders(<SocialPage />, {
      route: { pathname: '/dashboard/social', state: { activeTab: 'shared-plans' } },
      toaster: true,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Saturday hike' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saturday hike' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete task "Buy snacks"' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Task' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(within(dialog).queryByText('Buy snacks')).not.toBeInTheDocument();
    expect(within(dialog).getByText('No tasks yet. Add one above!')).toBeVisible();

    // The toast is inside the dialog, so Tab reaches its Undo through the dialog's focus trap.
    const undo = await within(dialog).findByRole('button', { name: 'Undo' });
    for (let presses = 0; presses < 20 && document.activeElement !== undo; presses += 1) {
      await user.tab();
    }
    expect(undo).toHaveFocus();
    await user.keyboard('{Enter}');
    const box = await within(dialog).findByRole('checkbox', {
      name: 'Mark "Buy snacks" as completed',
    });
    await waitFor(() => expect(box).toHaveFocus());
    expect(api.callsTo('DELETE', '/api/shared-plans/*')).toHaveLength(0);
  });

  it('keeps offering Undo on the page when the dialog closes first', async () => {
    const api = stubApi({ plans: [SHARED_PLAN] }, () => json(null, 204));
    const { user } = renderWithProviders(<SocialPage />, {
      route: { pathname: '/dashboard/social', state: { activeTab: 'shared-plans' } },
      toaster: true,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Saturday hike' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saturday hike' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete task "Buy snacks"' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Task' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await within(dialog).findByText('Task deleted')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await pressUndo(user, 'Task deleted');
    expect(await screen.findByText('Tasks: 1')).toBeVisible();
    expect(api.callsTo('DELETE', '/api/shared-plans/*')).toHaveLength(0);
  });

  it('shows a failed load with Try Again in place of the spinner', async () => {
    const api = stubApi({}, failure);
    api.route('GET', '/api/friends', () => failure());
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load social data');
    expect(screen.queryByText('Loading social data...')).not.toBeInTheDocument();
    api.route('GET', '/api/friends', { friends: [GRACE] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('tab', { name: 'Friends' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for two letters, and says why a search may find nobody', async () => {
    const api = stubApi({}, failure);
    renderPage();
    const box = await screen.findByRole('searchbox', { name: 'Search users by name or email' });

    await userEvent.type(box, 'a{Enter}');
    expect(await screen.findByText('Type at least 2 letters to search.')).toBeInTheDocument();
    expect(screen.queryByText('No users found')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/search')).toHaveLength(0);

    await userEvent.type(box, 'd{Enter}');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Profiles start private, so a friend may not show up yet. They can make their profile visible in Settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Type at least 2 letters to search.')).not.toBeInTheDocument();
  });

  it('a failed search says so in the banner and offers Try Again beside the results', async () => {
    let fail = true;
    const api = stubApi({}, failure).route('GET', '/api/users/search', () =>
      fail ? errorResponse(500, 'INTERNAL', 'x') : { results: [] },
    );
    renderPage();
    const box = await screen.findByRole('searchbox', { name: 'Search users by name or email' });

    await userEvent.type(box, 'grace{Enter}');
    expect(await screen.findByText('Failed to search users')).toBeInTheDocument();
    const retry = (await screen.findByText('Your search did not go through.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    fail = false;
    await userEvent.click(within(retry).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByText('Your search did not go through.')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/search')).toHaveLength(2);
  });

  it('with no friends, the chat points to the Friends tab', async () => {
    stubApi({ friends: [], chats: [] }, failure);
    renderPage('chat');

    expect(
      await screen.findByText('Add a friend on the Friends tab to start chatting.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Select a friend to start chatting')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Friends' }));
    expect(screen.getByRole('tab', { name: 'Friends' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab and the chat the address names, as after a reload', async () => {
    stubApi({ messages: [message('m1', 'Hi Grace', 10)] }, failure);
    renderWithProviders(<SocialPage />, { route: '/dashboard/social?tab=chat&chat=u2' });

    expect(await screen.findByRole('tab', { name: 'Chat' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Hi Grace')).toBeInTheDocument();
  });

  it('shows each chat’s picture, last message and time, the newest activity first', async () => {
    const ALAN: Friend = {
      id: 'u3',
      name: 'Alan Turing',
      email: 'alan@example.com',
      profilePictureUrl: '/api/users/u3/picture?v=9',
    };
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    stubApi(
      {
        friends: [ALAN, GRACE],
        chats: [{ ...CHAT, lastMessage: 'See you at the hike tomorrow', lastMessageAt: recent }],
      },
      failure,
    );
    renderPage('chat');
    const list = await screen.findByRole('navigation', { name: 'Chats' });
    const buttons = within(list).getAllByRole('button');
    // Grace has a message, so she comes before Alan despite the alphabet.
    expect(buttons[0]).toHaveAccessibleName('Grace Hopper');
    expect(buttons[1]).toHaveAccessibleName('Alan Turing');
    const grace = within(list).getByRole('button', { name: 'Grace Hopper' });
    expect(grace).toHaveAccessibleDescription('See you at the hike tomorrow 5m ago');
    expect(
      within(list).getByRole('button', { name: 'Alan Turing' }).querySelector('img'),
    ).toHaveAttribute('src', ALAN.profilePictureUrl);
  });

  it('invites a private profile to become public, once', async () => {
    localStorage.clear();
    const api = stubApi({ visibility: 'private' }, () => json(settingsWith('public')));
    renderPage();
    const invite = await screen.findByRole('region', { name: VISIBILITY_INVITE.title });
    expect(invite).toHaveTextContent(VISIBILITY_INVITE.text);
    await userEvent.click(within(invite).getByRole('button', { name: VISIBILITY_INVITE.confirm }));
    await waitFor(() => expect(invite).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { group: 'privacy', key: 'profileVisibility', value: 'public' },
    ]);
    await waitFor(() => expect(localStorage.getItem(visibilityInviteKey(ADA.id))).not.toBeNull());
  });

  it('closes the invitation with Not now and does not show it again', async () => {
    localStorage.clear();
    stubApi({ visibility: 'private' }, failure);
    renderPage();
    const invite = await screen.findByRole('region', { name: VISIBILITY_INVITE.title });
    await userEvent.click(within(invite).getByRole('button', { name: 'Not now' }));
    expect(invite).not.toBeInTheDocument();
    expect(localStorage.getItem(visibilityInviteKey(ADA.id))).not.toBeNull();
  });

  it('does not invite a profile already visible, nor after an answer', async () => {
    localStorage.clear();
    stubApi({ visibility: 'friends' }, failure);
    renderPage();
    await screen.findByRole('tab', { name: 'Friends' });
    expect(screen.queryByRole('region', { name: VISIBILITY_INVITE.title })).toBeNull();
    // Visible once: remembered, so a later switch back to Private does not bring it back.
    await waitFor(() => expect(localStorage.getItem(visibilityInviteKey(ADA.id))).not.toBeNull());
  });
});

describe('chatListEntries', () => {
  const friend = (id: string, name: string): Friend => ({
    id,
    name,
    email: `${id}@example.com`,
    profilePictureUrl: null,
  });
  const chat = (of: Friend, lastMessageAt: string | null): Chat => ({
    ...CHAT,
    id: `chat-${of.id}`,
    friend: of,
    lastMessage: lastMessageAt ? 'hi' : null,
    lastMessageAt,
  });

  it('puts chats with messages first in the server’s order, an ex-friend’s read-only, then the other friends by name', () => {
    const [amy, ben, cid, dot] = [
      friend('a', 'Amy'),
      friend('b', 'Ben'),
      friend('c', 'Cid'),
      friend('d', 'Dot'),
    ] as [Friend, Friend, Friend, Friend];
    const chats = [
      // A former friend's past chat stays, in its place, read-only.
      chat(friend('x', 'Xena'), '2026-11-23T10:00:00.000Z'),
      chat(cid, '2026-11-22T10:00:00.000Z'),
      chat(ben, '2026-11-21T10:00:00.000Z'),
      chat(amy, null),
      // A former friend's chat without messages is not.
      chat(friend('y', 'Yves'), null),
    ];
    const entries = chatListEntries([amy, ben, cid, dot], chats);
    expect(entries.map((entry) => entry.friend.name)).toEqual(['Xena', 'Cid', 'Ben', 'Amy', 'Dot']);
    expect(entries.map((entry) => entry.chat?.id ?? null)).toEqual([
      'chat-x',
      'chat-c',
      'chat-b',
      'chat-a',
      null,
    ]);
    expect(entries.map((entry) => entry.readOnly)).toEqual([true, false, false, false, false]);
  });
});
