import { MESSAGES, USER_SEARCH_MIN_LENGTH } from '@daywise/shared';
import type { Friend, FriendRequest, UserSearchResult } from '@daywise/shared/schemas';
import { Check, Loader2, MessageCircle, Search, UserMinus, UserPlus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';

import { Button, IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { inputClass } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { emptyClass, PersonAvatar, PersonLabel } from './social-ui';
import {
  useAcceptFriendRequest,
  useFriendRequests,
  useFriends,
  useRejectFriendRequest,
  useRemoveFriend,
  useSendFriendRequest,
  useUserSearch,
} from './use-friends';
import { VisibilityInvite } from './visibility-invite';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-label={title} className="space-y-4 p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

interface Person {
  name: string;
  email: string;
  profilePictureUrl: string | null;
}

/** One person in a list: picture (or initials), name and email, then what can be done with them. */
function PersonRow({ person, children }: { person: Person; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <PersonAvatar person={person} />
      <PersonLabel name={person.name} email={person.email} />
      <div className="flex shrink-0 items-center gap-1">{children}</div>
    </li>
  );
}

const statusClass = 'px-2 text-sm font-medium text-gray-600 dark:text-gray-300';

function SearchAction({ user }: { user: UserSearchResult }) {
  const send = useSendFriendRequest();
  if (user.friendshipStatus === 'request_sent') {
    return <span className={statusClass}>Request sent</span>;
  }
  if (user.friendshipStatus === 'friends') {
    return <span className={statusClass}>Friends</span>;
  }
  return (
    <Button onClick={() => send.mutate(user)} aria-label={`Add ${user.name} as a friend`} size="sm">
      <UserPlus aria-hidden className="size-4" />
      Add
    </Button>
  );
}

/**
 * Find Friends: Enter or the button runs the search; a query under 2 characters
 * after trimming answers nothing without asking the server.
 */
function FindFriends() {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const search = useUserSearch(submitted ?? '');
  const loading = search.isFetching;

  const run = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query || loading) {
      return;
    }
    if (query === submitted && query.length >= USER_SEARCH_MIN_LENGTH) {
      void search.refetch();
    } else {
      setSubmitted(query);
    }
  };

  // A query too short to run asks for more letters rather than saying nobody was found.
  const tooShort = submitted !== null && submitted.length < USER_SEARCH_MIN_LENGTH;
  const results = tooShort ? undefined : search.data;

  return (
    <Section title="Find Friends">
      <form role="search" onSubmit={run} className="flex gap-2">
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={MESSAGES.searchPlaceholder}
          aria-label="Search users by name or email"
          className={inputClass}
        />
        <Button type="submit" disabled={!text.trim() || loading} size="sm">
          {loading ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Search aria-hidden className="size-4" />
          )}
          Search
        </Button>
      </form>
      {tooShort && (
        <p aria-live="polite" className="text-sm text-gray-600 dark:text-gray-300">
          {MESSAGES.searchTooShort}
        </p>
      )}
      {search.isError && !tooShort && !loading && (
        // The banner says what failed (the spec's 'Failed to search users'); this offers the retry.
        <div role="alert">
          <LoadError
            message="Your search did not go through."
            onRetry={() => void search.refetch()}
            className={errorPanelClass}
          />
        </div>
      )}
      {results && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <div className="space-y-1 text-sm text-gray-600 dark:text-gray-300">
              <p>{MESSAGES.noUsersFound}</p>
              <p>{MESSAGES.noUsersFoundHint}</p>
            </div>
          ) : (
            <ul
              aria-label="Search results"
              className="max-h-64 divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800"
            >
              {results.map((user) => (
                <PersonRow key={user.id} person={user}>
                  <SearchAction user={user} />
                </PersonRow>
              ))}
            </ul>
          )}
        </div>
      )}
    </Section>
  );
}

function FriendRequests({ requests }: { requests: FriendRequest[] }) {
  const accept = useAcceptFriendRequest();
  const reject = useRejectFriendRequest();
  return (
    <Section title={`Friend Requests (${requests.length})`}>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {requests.map((request) => (
          <PersonRow key={request.id} person={request.sender}>
            <IconButton
              onClick={() => accept.mutate(request)}
              label={`Accept friend request from ${request.sender.name}`}
              className="text-green-700 dark:text-green-400"
            >
              <Check aria-hidden className="size-5" />
            </IconButton>
            <IconButton
              onClick={() => reject.mutate(request)}
              label={`Reject friend request from ${request.sender.name}`}
              tone="danger"
            >
              <X aria-hidden className="size-5" />
            </IconButton>
          </PersonRow>
        ))}
      </ul>
    </Section>
  );
}

function FriendsList({
  friends,
  onStartChat,
}: {
  friends: Friend[];
  onStartChat: (friend: Friend) => void;
}) {
  const remove = useRemoveFriend();
  const [removing, setRemoving] = useState<Friend | null>(null);
  return (
    <Section title={`Friends (${friends.length})`}>
      {friends.length === 0 ? (
        <p className={emptyClass}>{MESSAGES.noFriends}</p>
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-gray-800">
          {friends.map((friend) => (
            <PersonRow key={friend.id} person={friend}>
              <IconButton onClick={() => onStartChat(friend)} label={`Chat with ${friend.name}`}>
                <MessageCircle aria-hidden className="size-5" />
              </IconButton>
              <IconButton
                onClick={() => setRemoving(friend)}
                label={`Remove ${friend.name} from friends`}
                tone="danger"
              >
                <UserMinus aria-hidden className="size-5" />
              </IconButton>
            </PersonRow>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove Friend"
          tone="warning"
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={false}
          onConfirm={() => {
            remove.mutate(removing);
            setRemoving(null);
          }}
          onClose={() => setRemoving(null)}
        >
          {MESSAGES.removeFriendText}
        </ConfirmDialog>
      )}
    </Section>
  );
}

/** Friends tab: search, incoming requests, and the friends list. */
export function FriendsTab({ onStartChat }: { onStartChat: (friend: Friend) => void }) {
  const requests = useFriendRequests().data ?? [];
  const friends = useFriends().data ?? [];
  return (
    <div className="space-y-6">
      <VisibilityInvite />
      <FindFriends />
      {requests.length > 0 && <FriendRequests requests={requests} />}
      <FriendsList friends={friends} onStartChat={onStartChat} />
    </div>
  );
}
