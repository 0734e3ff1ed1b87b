import { z } from 'zod';

import { SOCIAL_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { requiredText } from './common';
import { dateSchema } from './todos';

/**
 * Social: friends, chats, messages and shared plans. The request schemas are
 * what the server validates and the forms use; the response schemas are what the API answers.
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

export const FRIENDSHIP_STATUSES = ['none', 'request_sent', 'friends'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

/** Another user as the social screens show them. */
export const socialUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /**
     * The picture's URL when the user has one and the reader may see their profile (Public, or
     * Friends Only between friends); otherwise null and the initials stand in.
     */
    profilePictureUrl: z.string().nullable(),
  })
  .meta({ id: 'SocialUser' });
export type SocialUser = z.infer<typeof socialUserSchema>;

/** GET /api/users/search → { results } */
export const userSearchResultSchema = socialUserSchema
  .extend({ friendshipStatus: z.enum(FRIENDSHIP_STATUSES) })
  .meta({ id: 'UserSearchResult' });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** An incoming pending request (GET /api/friend-requests → { requests }). */
export const friendRequestItemSchema = z
  .object({
    id: z.string(),
    fromUserId: z.string(),
    toUserId: z.string(),
    /** The picture only when the receiver may see the sender's profile (null otherwise). */
    sender: socialUserSchema.pick({ name: true, email: true, profilePictureUrl: true }),
    createdAt: z.string(),
  })
  .meta({ id: 'FriendRequest' });
export type FriendRequest = z.infer<typeof friendRequestItemSchema>;

/** POST /api/friend-requests: sent, or accepted at once when the other had already asked. */
export const friendRequestOutcomeSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'accepted']),
});
export type FriendRequestOutcome = z.infer<typeof friendRequestOutcomeSchema>;

/** GET /api/friends → { friends }, ordered by name; `id` is the friend's user id. */
export const friendSchema = socialUserSchema;
export type Friend = SocialUser;

/** GET /api/chats → { chats }, newest activity first. */
export const chatSchema = z
  .object({
    id: z.string(),
    friend: socialUserSchema,
    /** The first 100 characters of the newest message, or null. */
    lastMessage: z.string().nullable(),
    lastMessageAt: z.string().nullable(),
    /** The friend's messages this user has not read. */
    unreadCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Chat' });
export type Chat = z.infer<typeof chatSchema>;

export const messageSchema = z
  .object({
    id: z.string(),
    chatId: z.string(),
    senderId: z.string(),
    content: z.string(),
    messageType: z.literal('text'),
    createdAt: z.string(),
    isRead: z.boolean(),
    isEdited: z.boolean(),
    editedAt: z.string().nullable(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

/** GET /api/chats/:id/messages → oldest first; `nextCursor` fetches the page before, or null. */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const sharedPlanTaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    completed: z.boolean(),
    createdBy: z.string(),
    createdByName: z.string(),
    createdAt: z.string(),
    updatedBy: z.string().nullable(),
    updatedAt: z.string(),
    completedBy: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'SharedPlanTask' });
export type SharedPlanTask = z.infer<typeof sharedPlanTaskSchema>;

/** GET /api/shared-plans → { plans }, newest change first. */
export const sharedPlanSchema = z
  .object({
    id: z.string(),
    creatorId: z.string(),
    sharedWithId: z.string(),
    title: z.string(),
    description: z.string(),
    date: z.string(),
    status: z.literal('active'),
    /** Oldest first. */
    tasks: z.array(sharedPlanTaskSchema),
    /** The participant who is not the reader. */
    otherUser: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SharedPlan' });
export type SharedPlan = z.infer<typeof sharedPlanSchema>;
