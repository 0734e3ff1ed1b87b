import { SOCIAL_RATE_LIMIT } from '@daywise/shared';
import { chatsApi, friendsApi, sharedPlansApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { idempotentCreate } from '../lib/idempotency';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
import {
  deleteChat,
  deleteMessage,
  editMessage,
  listChats,
  markChatRead,
  messagePage,
  openChat,
  sendMessage,
} from './chats';
import { emitting } from './events';
import {
  acceptFriendRequest,
  listFriends,
  listIncomingRequests,
  rejectFriendRequest,
  removeFriend,
  searchUsers,
  sendFriendRequest,
} from './friends';
import {
  addSharedTask,
  createSharedPlan,
  deleteSharedPlan,
  deleteSharedTask,
  getSharedPlan,
  listSharedPlans,
  updateSharedPlan,
  updateSharedTask,
} from './shared-plans';

/** Friends, chats and shared plans (ADR 0011): every query scoped to the session's user. */
export function socialRoutes(app: AppInstance): void {
  friendRoutes(app);
  chatRoutes(app);
  sharedPlanRoutes(app);
}

function friendRoutes(app: AppInstance): void {
  const limitSearch = perUserLimit(app, 'search', SOCIAL_RATE_LIMIT.search);
  const limitRequests = perUserLimit(app, 'friend-requests', SOCIAL_RATE_LIMIT.friendRequests);

  route(app, friendsApi.search, async ({ db, user, query, request }) => {
    await limitSearch(request, user.id);
    return { results: await searchUsers(db, user.id, query.q) };
  });

  route(app, friendsApi.requests, async ({ db, user }) => ({
    requests: await listIncomingRequests(db, user.id),
  }));

  route(app, friendsApi.sendRequest, async ({ db, user, body, now, events, request }) => {
    await limitRequests(request, user.id);
    return emitting(events, sendFriendRequest(db, user.id, body.toUserId, now));
  });

  route(app, friendsApi.accept, ({ db, user, params, now, events }) =>
    emitting(events, acceptFriendRequest(db, user.id, params.id, now)),
  );

  route(app, friendsApi.reject, ({ db, user, params, events }) =>
    emitting(events, rejectFriendRequest(db, user.id, params.id)),
  );

  route(app, friendsApi.list, async ({ db, user }) => ({
    friends: await listFriends(db, user.id),
  }));

  route(app, friendsApi.remove, ({ db, user, params, events }) =>
    emitting(events, removeFriend(db, user.id, params.userId)),
  );
}

function chatRoutes(app: AppInstance): void {
  const limitMessages = perUserLimit(app, 'messages', SOCIAL_RATE_LIMIT.messages);

  route(app, chatsApi.list, async ({ db, user }) => ({ chats: await listChats(db, user.id) }));

  // Opening is "get or create": 201 for a new chat, 200 for the existing one.
  route(app, chatsApi.open, async ({ db, user, body, now, events, reply }) => {
    const { chat, created } = await emitting(events, openChat(db, user.id, body.friendId, now));
    reply.status(created ? 201 : 200);
    return chat;
  });

  route(app, chatsApi.remove, ({ db, user, params, events }) =>
    emitting(events, deleteChat(db, user.id, params.id)),
  );

  route(app, chatsApi.markRead, ({ db, user, params, events }) =>
    emitting(events, markChatRead(db, user.id, params.id)),
  );

  route(app, chatsApi.messages, ({ db, user, params, query }) =>
    messagePage(db, user.id, params.id, query),
  );

  route(app, chatsApi.send, async (context) => {
    const { user, params, body, now, request } = context;
    await limitMessages(request, user.id);
    return idempotentCreate(context, (trx) =>
      sendMessage(trx, user.id, params.id, body.content, now),
    );
  });

  route(app, chatsApi.edit, ({ db, user, params, body, now, events }) =>
    emitting(events, editMessage(db, user.id, params.id, params.messageId, body.content, now)),
  );

  route(app, chatsApi.removeMessage, ({ db, user, params, events }) =>
    emitting(events, deleteMessage(db, user.id, params.id, params.messageId)),
  );
}

function sharedPlanRoutes(app: AppInstance): void {
  route(app, sharedPlansApi.list, async ({ db, user }) => ({
    plans: await listSharedPlans(db, user.id),
  }));

  route(app, sharedPlansApi.create, (context) => {
    const { user, body, now } = context;
    return idempotentCreate(context, (trx) => createSharedPlan(trx, user.id, body, now));
  });

  route(app, sharedPlansApi.get, ({ db, user, params }) => getSharedPlan(db, user.id, params.id));

  route(app, sharedPlansApi.update, ({ db, user, params, body, now, events }) =>
    emitting(events, updateSharedPlan(db, user.id, params.id, body, now)),
  );

  route(app, sharedPlansApi.remove, ({ db, user, params, events }) =>
    emitting(events, deleteSharedPlan(db, user.id, params.id)),
  );

  route(app, sharedPlansApi.addTask, (context) => {
    const { user, params, body, now } = context;
    return idempotentCreate(context, (trx) =>
      addSharedTask(trx, user.id, params.id, body.title, now),
    );
  });

  route(app, sharedPlansApi.updateTask, ({ db, user, params, body, now, events }) =>
    emitting(events, updateSharedTask(db, user.id, params.id, params.taskId, body, now)),
  );

  route(app, sharedPlansApi.removeTask, ({ db, user, params, now, events }) =>
    emitting(events, deleteSharedTask(db, user.id, params.id, params.taskId, now)),
  );
}
