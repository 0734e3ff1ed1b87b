import { z } from 'zod';

import { SOCIAL_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { requiredText } from './common';
import { dateSchema } from './todos';

/**
 * Social: friends, chats, messages and shared plans. The request schemas are
 * what the server validates and the forms use; the interfaces are what the API answers.
 */

const id = z.string().trim().min(1).max(100);

/** GET /api/users/search?q= — a blank or one-letter query answers no results. */
export const userSearchQuerySchema = z.object({
  q: z.string().trim().max(SOCIAL_LIMITS.searchMax).default(''),
});

/** POST /api/friend-requests */
export const friendRequestSchema = z.object({ toUserId: id });

/** POST /api/chats: open (get or create) the chat with a friend. */
export const openChatSchema = z.object({ friendId: id });

/** GET /api/chats/:id/messages?before=&limit= */
export const messagePageQuerySchema = z.object({
  /** The id of the oldest message already shown; the page holds the ones before it. */
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** POST /api/chats/:id/messages and PATCH /api/chats/:id/messages/:messageId */
export const messageContentSchema = z.object({
  content: requiredText(MESSAGES.messageRequiredText, 'Message', SOCIAL_LIMITS.messageMax),
});

/** POST /api/shared-plans: title trimmed and non-empty, a date, a friend. */
export const sharedPlanCreateSchema = z.object({
  title: requiredText(MESSAGES.planTitleRequired, 'Plan title', SOCIAL_LIMITS.sharedPlanTitleMax),
  date: z.string({ error: 'Target date is required' }).pipe(dateSchema),
  friendId: z.string({ error: 'Please choose a friend' }).trim().min(1, 'Please choose a friend'),
});
export type SharedPlanCreateInput = z.input<typeof sharedPlanCreateSchema>;

/** PATCH /api/shared-plans/:id: either participant may change these. */
export const sharedPlanUpdateSchema = z
  .object({
    title: requiredText(MESSAGES.planTitleRequired, 'Plan title', SOCIAL_LIMITS.sharedPlanTitleMax),
    description: z.string().trim().max(SOCIAL_LIMITS.sharedPlanDescriptionMax),
    date: dateSchema,
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');

/** POST /api/shared-plans/:id/tasks: title trimmed, non-empty. */
export const sharedTaskCreateSchema = z.object({
  title: requiredText(MESSAGES.taskTitleRequired, 'Task title', SOCIAL_LIMITS.sharedTaskTitleMax),
});

/** PATCH /api/shared-plans/:id/tasks/:taskId */
export const sharedTaskUpdateSchema = z
  .object({
    title: sharedTaskCreateSchema.shape.title,
    completed: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');

export type FriendshipStatus = 'none' | 'request_sent' | 'friends';

/** Another user as the social screens show them. */
export interface SocialUser {
  id: string;
  name: string;
  email: string;
  /** The picture's URL when the user has one. */
  profilePictureUrl: string | null;
}

/** GET /api/users/search → { results } */
export interface UserSearchResult extends SocialUser {
  friendshipStatus: FriendshipStatus;
}

/** An incoming pending request (GET /api/friend-requests → { requests }). */
export interface FriendRequest {
  id: string;
  fromUserId: string;
  toUserId: string;
  sender: { name: string; email: string };
  createdAt: string;
}

/** GET /api/friends → { friends }, ordered by name; `id` is the friend's user id. */
export type Friend = SocialUser;

/** GET /api/chats → { chats }, newest activity first. */
export interface Chat {
  id: string;
  friend: SocialUser;
  /** The first 100 characters of the newest message, or null. */
  lastMessage: string | null;
  lastMessageAt: string | null;
  /** The friend's messages this user has not read. */
  unreadCount: number;
  createdAt: string;
}

export interface Message {
  id: string;
  chatId: string;
  senderId: string;
  content: string;
  messageType: 'text';
  createdAt: string;
  isRead: boolean;
  isEdited: boolean;
  editedAt: string | null;
}

/** GET /api/chats/:id/messages → oldest first; `nextCursor` fetches the page before, or null. */
export interface MessagePage {
  messages: Message[];
  nextCursor: string | null;
}

export interface SharedPlanTask {
  id: string;
  title: string;
  completed: boolean;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string;
  completedBy: string | null;
  completedAt: string | null;
}

/** GET /api/shared-plans → { plans }, newest change first. */
export interface SharedPlan {
  id: string;
  creatorId: string;
  sharedWithId: string;
  title: string;
  description: string;
  date: string;
  status: 'active';
  /** Oldest first. */
  tasks: SharedPlanTask[];
  /** The participant who is not the reader. */
  otherUser: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
}
