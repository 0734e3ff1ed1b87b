import { MESSAGES, USER_SEARCH_MIN_LENGTH } from '@daywise/shared';
import type { Friend, FriendRequest, UserSearchResult } from '@daywise/shared/schemas';
import { Check, Loader2, MessageCircle, Search, UserMinus, UserPlus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { smallPrimaryButtonClass } from '../../components/dialog';
import { inputClass } from '../../components/form-field';
import {
  cardClass,
  dangerIconButtonClass,
  emptyClass,
  iconButtonClass,
  Initial,
  PersonLabel,
} from './social-ui';
import {
  useAcceptFriendRequest,
  useFriendRequests,
  useFriends,
  useRejectFriendRequest,
  useRemoveFriend,
  useSendFriendRequest,
  useUserSearch,
} from './use-friends';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${cardClass} space-y-4`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** One person in a list: initial, name and email, then what can be done with them. */
function PersonRow({
  name,
  email,
  children,
}: {
  name: string;
  email: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 py-3">
      <Initial name={name} />
      <PersonLabel name={name} email={email} />
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
    <button
      type="button"
      onClick={() => send.mutate(user)}
      aria-label={`Add ${user.name} as a friend`}
      className={smallPrimaryButtonClass}
    >
      <UserPlus aria-hidden className="size-4" />
      Add
    </button>
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

  const results =
    submitted !== null && submitted.length < USER_SEARCH_MIN_LENGTH ? [] : search.data;

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
        <button
          type="submit"
          disabled={!text.trim() || loading}
          className={smallPrimaryButtonClass}
        >
          {loading ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Search aria-hidden className="size-4" />
          )}
          Search
        </button>
      </form>
      {results && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <p className="text-sm text-gray-600 dark:text-gray-300">{MESSAGES.noUsersFound}</p>
          ) : (
            <ul
              aria-label="Search results"
              className="max-h-64 divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800"
            >
              {results.map((user) => (
                <PersonRow key={user.id} name={user.name} email={user.email}>
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
          <PersonRow key={request.id} name={request.sender.name} email={request.sender.email}>
            <button
              type="button"
              onClick={() => accept.mutate(request)}
              aria-label={`Accept friend request from ${request.sender.name}`}
              className={`${iconButtonClass} text-green-700 dark:text-green-400`}
            >
              <Check aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => reject.mutate(request)}
              aria-label={`Reject friend request from ${request.sender.name}`}
              className={dangerIconButtonClass}
            >
              <X aria-hidden className="size-5" />
            </button>
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
            <PersonRow key={friend.id} name={friend.name} email={friend.email}>
              <button
                type="button"
                onClick={() => onStartChat(friend)}
                aria-label={`Chat with ${friend.name}`}
                className={iconButtonClass}
              >
                <MessageCircle aria-hidden className="size-5" />
              </button>
              <button
                type="button"
                onClick={() => setRemoving(friend)}
                aria-label={`Remove ${friend.name} from friends`}
                className={dangerIconButtonClass}
              >
                <UserMinus aria-hidden className="size-5" />
              </button>
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
      <FindFriends />
      {requests.length > 0 && <FriendRequests requests={requests} />}
      <FriendsList friends={friends} onStartChat={onStartChat} />
    </div>
  );
}
