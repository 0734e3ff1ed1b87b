import { MESSAGES } from '@daywise/shared';
import type { Friend } from '@daywise/shared/schemas';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { errorPanelClass, LoadError } from '../../components/load-error';
import { tabClass, tabListClass } from '../../components/tabs';
import { Banner, BannerProvider } from './banner';
import { ChatTab } from './chat-tab';
import { FriendsTab } from './friends-tab';
import { SharedPlansTab } from './shared-plans-tab';
import { CountBadge, Spinner } from './social-ui';
import { useChatSelection } from './use-chat-selection';
import { useChats } from './use-chats';
import { useFriendRequests, useFriends } from './use-friends';
import { flushSharedTaskDeletes, useSharedPlans } from './use-shared-plans';
import { useSocialRealtime } from './use-social-realtime';

const TABS = [
  { value: 'friends', label: 'Friends' },
  { value: 'chat', label: 'Chat' },
  { value: 'shared-plans', label: 'Shared Plans' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The tabs carry an icon and a count beside their name. */
const iconTabClass = `${tabClass} inline-flex items-center gap-2`;

/**
 * The tab in the address (`?tab=chat`), so a reload or Back keeps it; else navigation state
 * `activeTab` (the dashboard's 'Chat with Friends'); else Friends.
 */
function currentTab(params: URLSearchParams, state: unknown): TabValue {
  const wanted = params.get('tab') ?? (state as { activeTab?: unknown } | null)?.activeTab;
  return TABS.find((tab) => tab.value === wanted)?.value ?? 'friends';
}

function SocialScreen() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabValue>(() => currentTab(params, location.state));
  const chat = useChatSelection();
  useSocialRealtime(chat.closeIf);
  // Leaving the page sends the shared-task deletes still waiting out their Undo.
  useEffect(() => flushSharedTaskDeletes, []);
  // The open chat's friend is in the address too (`?chat=<friend id>`): docs/product/social.md.
  const chatParam = params.get('chat');
  const openFriendId = chat.open?.friend.id ?? null;

  const requests = useFriendRequests();
  const friends = useFriends();
  const chats = useChats();
  const plans = useSharedPlans();
  const lists = [requests, friends, chats, plans];
  // Only a first load that failed is reported; a poll that fails keeps what is on screen. It
  // takes the spinner's place, with a Try Again that reads the failed lists again.
  const loadFailed = lists.some((list) => list.isError && list.data === undefined);
  const loading = !loadFailed && lists.some((list) => list.isPending);
  const retryLoad = () => {
    for (const list of lists) {
      if (list.isError) {
        void list.refetch();
      }
    }
  };

  // The tab and the open chat are the page's state; the address mirrors them. Once the friends
  // are known, the chat the address names opens again (after a reload or Back); until then the
  // address keeps it.
  const restored = useRef(false);
  const friendList = friends.data;
  const { select } = chat;
  useEffect(() => {
    if (friendList && !restored.current) {
      restored.current = true;
      const friend = friendList.find((candidate) => candidate.id === chatParam);
      if (friend) {
        select(friend);
        return;
      }
    }
    const wanted = new URLSearchParams({ tab });
    const wantedChat = restored.current ? openFriendId : chatParam;
    if (wantedChat) {
      wanted.set('chat', wantedChat);
    }
    if (wanted.toString() !== params.toString()) {
      setParams(wanted, { replace: true });
    }
  }, [friendList, openFriendId, chatParam, tab, params, select, setParams]);

  const startChat = (friend: Friend) => {
    setTab('chat');
    chat.select(friend);
  };
  const pendingCount = requests.data?.length ?? 0;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{MESSAGES.socialTitle}</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-300">{MESSAGES.socialSubtitle}</p>
      </div>
      <Banner />
      {loadFailed ? (
        <div role="alert">
          <LoadError
            message={MESSAGES.socialLoadFailed}
            onRetry={retryLoad}
            className={errorPanelClass}
          />
        </div>
      ) : loading ? (
        <Spinner>Loading social data...</Spinner>
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => setTab(value as TabValue)}
          className="space-y-6"
        >
          <Tabs.List aria-label="Social" className={tabListClass}>
            {TABS.map((candidate) => (
              <Tabs.Trigger key={candidate.value} value={candidate.value} className={iconTabClass}>
                {candidate.label}
                {/* A space for the tab's accessible name ('Friends 1 pending request'). */}
                {candidate.value === 'friends' && pendingCount > 0 && ' '}
                {candidate.value === 'friends' && pendingCount > 0 && (
                  <CountBadge
                    count={pendingCount}
                    label={pendingCount === 1 ? 'pending request' : 'pending requests'}
                  />
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="friends" className="focus-visible:outline-none">
            <FriendsTab onStartChat={startChat} />
          </Tabs.Content>
          <Tabs.Content value="chat" className="focus-visible:outline-none">
            <ChatTab selection={chat} onFindFriends={() => setTab('friends')} />
          </Tabs.Content>
          <Tabs.Content value="shared-plans" className="focus-visible:outline-none">
            <SharedPlansTab />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}

/**
 * Social: friends, one-to-one chat and shared daily plans, with one banner for the
 * changes that failed.
 */
export default function SocialPage() {
  return (
    <BannerProvider>
      <SocialScreen />
    </BannerProvider>
  );
}
