import { SOCIAL_RATE_LIMIT } from '@daywise/shared';
import {
  friendRequestSchema,
  messageContentSchema,
  messagePageQuerySchema,
  openChatSchema,
  sharedPlanCreateSchema,
  sharedPlanUpdateSchema,
  sharedTaskCreateSchema,
  sharedTaskUpdateSchema,
  userSearchQuerySchema,
} from '@daywise/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { created, idempotent } from '../lib/idempotency';
import { perUserLimit } from '../lib/rate-limit';
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
import type { SocialServices } from './social';

const id = z.string().min(1).max(100);
const idParams = z.object({ id });
const userParams = z.object({ userId: id });
const messageParams = z.object({ id, messageId: id });
const taskParams = z.object({ id, taskId: id });

/** Friends, chats and shared plans (ADR 0011): every query scoped to the session. */
export function socialRoutes(app: AppInstance): void {
  const limitSearch = perUserLimit(app, 'search', SOCIAL_RATE_LIMIT.search);
  const limitRequests = perUserLimit(app, 'friend-requests', SOCIAL_RATE_LIMIT.friendRequests);
  const limitMessages = perUserLimit(app, 'messages', SOCIAL_RATE_LIMIT.messages);

  /** The session's user id and the services the social functions use. */
  const signedIn = async (request: FastifyRequest): Promise<[string, SocialServices]> => {
    const { user } = await requireSession(app.auth, request);
    const services: SocialServices = {
      db: app.database.db,
      now: app.now(),
      publish: (userIds, event) => app.realtime.publish(userIds, event),
    };
    return [user.id, services];
  };

  app.get(
    '/api/users/search',
    { schema: { querystring: userSearchQuerySchema } },
    async (request) => {
      const [userId, { db }] = await signedIn(request);
      await limitSearch(request, userId);
      return { results: await searchUsers(db, userId, request.query.q) };
    },
  );

  app.get('/api/friend-requests', async (request) => {
    const [userId, { db }] = await signedIn(request);
    return { requests: await listIncomingRequests(db, userId) };
  });

  app.post(
    '/api/friend-requests',
    { schema: { body: friendRequestSchema } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      await limitRequests(request, userId);
      return reply
        .status(201)
        .send(await sendFriendRequest(services, userId, request.body.toUserId));
    },
  );

  app.post('/api/friend-requests/:id/accept', { schema: { params: idParams } }, async (request) => {
    const [userId, services] = await signedIn(request);
    return acceptFriendRequest(services, userId, request.params.id);
  });

  app.post(
    '/api/friend-requests/:id/reject',
    { schema: { params: idParams } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      await rejectFriendRequest(services, userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/friends', async (request) => {
    const [userId, { db }] = await signedIn(request);
    return { friends: await listFriends(db, userId) };
  });

  app.delete('/api/friends/:userId', { schema: { params: userParams } }, async (request, reply) => {
    const [userId, services] = await signedIn(request);
    await removeFriend(services, userId, request.params.userId);
    return reply.status(204).send();
  });

  app.get('/api/chats', async (request) => {
    const [userId, { db }] = await signedIn(request);
    return { chats: await listChats(db, userId) };
  });

  app.post('/api/chats', { schema: { body: openChatSchema } }, async (request, reply) => {
    const [userId, services] = await signedIn(request);
    const { chat, created } = await openChat(services, userId, request.body.friendId);
    return reply.status(created ? 201 : 200).send(chat);
  });

  app.delete('/api/chats/:id', { schema: { params: idParams } }, async (request, reply) => {
    const [userId, services] = await signedIn(request);
    await deleteChat(services, userId, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/chats/:id/messages',
    { schema: { params: idParams, querystring: messagePageQuerySchema } },
    async (request) => {
      const [userId, { db }] = await signedIn(request);
      return messagePage(db, userId, request.params.id, request.query);
    },
  );

  app.post(
    '/api/chats/:id/messages',
    { schema: { params: idParams, body: messageContentSchema } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      await limitMessages(request, userId);
      const { status, body } = await idempotent(services.db, request, userId, services.now, () =>
        created(sendMessage(services, userId, request.params.id, request.body.content)),
      );
      return reply.status(status).send(body);
    },
  );

  app.patch(
    '/api/chats/:id/messages/:messageId',
    { schema: { params: messageParams, body: messageContentSchema } },
    async (request) => {
      const [userId, services] = await signedIn(request);
      const { id: chatId, messageId } = request.params;
      return editMessage(services, userId, chatId, messageId, request.body.content);
    },
  );

  app.delete(
    '/api/chats/:id/messages/:messageId',
    { schema: { params: messageParams } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      const { id: chatId, messageId } = request.params;
      await deleteMessage(services, userId, chatId, messageId);
      return reply.status(204).send();
    },
  );

  app.post('/api/chats/:id/read', { schema: { params: idParams } }, async (request) => {
    const [userId, services] = await signedIn(request);
    return markChatRead(services, userId, request.params.id);
  });

  app.get('/api/shared-plans', async (request) => {
    const [userId, { db }] = await signedIn(request);
    return { plans: await listSharedPlans(db, userId) };
  });

  app.post(
    '/api/shared-plans',
    { schema: { body: sharedPlanCreateSchema } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      const { status, body } = await idempotent(services.db, request, userId, services.now, () =>
        created(createSharedPlan(services, userId, request.body)),
      );
      return reply.status(status).send(body);
    },
  );

  app.get('/api/shared-plans/:id', { schema: { params: idParams } }, async (request) => {
    const [userId, { db }] = await signedIn(request);
    return getSharedPlan(db, userId, request.params.id);
  });

  app.patch(
    '/api/shared-plans/:id',
    { schema: { params: idParams, body: sharedPlanUpdateSchema } },
    async (request) => {
      const [userId, services] = await signedIn(request);
      return updateSharedPlan(services, userId, request.params.id, request.body);
    },
  );

  app.delete('/api/shared-plans/:id', { schema: { params: idParams } }, async (request, reply) => {
    const [userId, services] = await signedIn(request);
    await deleteSharedPlan(services, userId, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/shared-plans/:id/tasks',
    { schema: { params: idParams, body: sharedTaskCreateSchema } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      const { status, body } = await idempotent(services.db, request, userId, services.now, () =>
        created(addSharedTask(services, userId, request.params.id, request.body.title)),
      );
      return reply.status(status).send(body);
    },
  );

  app.patch(
    '/api/shared-plans/:id/tasks/:taskId',
    { schema: { params: taskParams, body: sharedTaskUpdateSchema } },
    async (request) => {
      const [userId, services] = await signedIn(request);
      const { id: planId, taskId } = request.params;
      return updateSharedTask(services, userId, planId, taskId, request.body);
    },
  );

  app.delete(
    '/api/shared-plans/:id/tasks/:taskId',
    { schema: { params: taskParams } },
    async (request, reply) => {
      const [userId, services] = await signedIn(request);
      const { id: planId, taskId } = request.params;
      await deleteSharedTask(services, userId, planId, taskId);
      return reply.status(204).send();
    },
  );
}
