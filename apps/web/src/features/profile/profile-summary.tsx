import { MESSAGES } from '@daywise/shared';
import type { Profile } from '@daywise/shared/schemas';
import { BadgeCheck, CalendarDays, CircleAlert, Loader2, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';

import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { EmailAddress } from '../../components/email-address';
import { formatDateIn } from '../../lib/format';
import { useTimezone } from '../../lib/settings';
import type { StagedPicture } from './use-staged-picture';

/** The day the user joined, in their time zone. */
function joinedDate(createdAt: string, timeZone: string): string {
  return Number.isNaN(new Date(createdAt).getTime()) ? '' : formatDateIn(createdAt, timeZone);
}

/** The top of the profile: the picture (as it will be saved), the name, email and join date. */
export function ProfileSummary({ profile, picture }: { profile: Profile; picture: string | null }) {
  const joined = joinedDate(profile.createdAt, useTimezone());
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <Avatar name={profile.name} src={picture} size={96} decorative />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-xl font-semibold break-words">{profile.name}</p>
        <EmailAddress email={profile.email} wrap className="text-gray-700 dark:text-gray-300" />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {profile.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
              <BadgeCheck aria-hidden className="size-4" />
              Email Verified
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              <CircleAlert aria-hidden className="size-4" />
              Email Not Verified
            </span>
          )}
          {joined && (
            <span className="inline-flex items-center gap-1 text-gray-700 dark:text-gray-300">
              <CalendarDays aria-hidden className="size-4" />
              Joined {joined}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

/** Upload Photo and Remove Photo in edit mode, and what Save will do to the picture. */
export function PictureControls({
  picture,
  processing,
  saving,
  canRemove,
  onChoose,
  onRemove,
}: {
  picture: StagedPicture;
  processing: boolean;
  saving: boolean;
  canRemove: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-5 space-y-2 border-t border-gray-200 pt-5 dark:border-gray-800">
      <div className="flex flex-wrap gap-3">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          aria-label="Upload Photo"
          tabIndex={-1}
          className="hidden"
          onChange={onChoose}
        />
        <Button
          onClick={() => fileInput.current?.click()}
          disabled={processing || saving}
          variant="secondary"
          size="sm"
        >
          {processing ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Upload aria-hidden className="size-4" />
          )}
          Upload Photo
        </Button>
        {canRemove && (
          <Button onClick={onRemove} disabled={saving} variant="secondary" size="sm">
            <Trash2 aria-hidden className="size-4" />
            Remove Photo
          </Button>
        )}
      </div>
      <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
        {processing
          ? MESSAGES.pictureProcessing
          : picture.kind === 'upload'
            ? 'Your new photo will be uploaded when you save.'
            : picture.kind === 'remove'
              ? 'Your photo will be removed when you save.'
              : 'An image up to 5 MB; it is resized to 500 px.'}
      </p>
    </div>
  );
}
