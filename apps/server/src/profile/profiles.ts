import type { Profile, ProfileUpdate } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { EncodedPicture } from './pictures';

export function pictureUrl(userId: string, version: string): string {
  return `/api/users/${userId}/picture?v=${version}`;
}

export async function readProfile(db: Kysely<Database>, userId: string): Promise<Profile> {
  const row = await db
    .selectFrom('users')
    .leftJoin('profile_pictures', 'profile_pictures.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.email_verified',
      'users.created_at',
      'users.bio',
      'users.location',
      'users.website',
      'profile_pictures.version',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    throw new ApiError('NOT_FOUND');
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: Boolean(row.email_verified),
    createdAt: row.created_at,
    bio: row.bio,
    location: row.location,
    website: row.website,
    pictureUrl: row.version ? pictureUrl(row.id, row.version) : null,
  };
}

export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  update: ProfileUpdate,
  now: Date,
): Promise<Profile> {
  await db
    .updateTable('users')
    .set({ ...update, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
  return readProfile(db, userId);
}

/** Stores the user's picture, replacing the old one (one row a user). */
export async function savePicture(
  db: Kysely<Database>,
  userId: string,
  picture: EncodedPicture,
  now: Date,
): Promise<string> {
  const version = newId().slice(0, 12);
  await db
    .insertInto('profile_pictures')
    .values({
      user_id: userId,
      content_type: picture.contentType,
      data: picture.data,
      version,
      updated_at: now.toISOString(),
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        content_type: picture.contentType,
        data: picture.data,
        version,
        updated_at: now.toISOString(),
      }),
    )
    .execute();
  return pictureUrl(userId, version);
}

export async function deletePicture(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
}

export async function findPicture(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('profile_pictures')
    .select(['content_type', 'data', 'version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
