import { PROFILE_LIMITS } from '@daywise/shared';
import type { Profile, ProfileUpdate } from '@daywise/shared/schemas';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import { EmailAddress } from '../../components/email-address';
import { TextAreaField, TextField } from '../../components/form-field';

/** Only web addresses become links; anything else is shown as text (no javascript: URLs). */
function isWebLink(website: string): boolean {
  return /^https?:\/\//i.test(website);
}

/** The editable fields; the email is shown, not edited. */
export function PersonalInformationFields({
  profile,
  form,
}: {
  profile: Profile;
  form: UseFormReturn<ProfileUpdate>;
}) {
  const { errors } = form.formState;
  return (
    <div className="space-y-5">
      <TextField
        label="Full Name"
        error={errors.name?.message}
        registration={form.register('name')}
        autoComplete="name"
        required
      />
      <div className="space-y-1.5">
        <p className="text-sm font-medium">Email</p>
        <EmailAddress email={profile.email} wrap className="text-gray-700 dark:text-gray-300" />
        <p className="text-sm text-gray-600 dark:text-gray-300">
          Your email address cannot be changed here.
        </p>
      </div>
      <TextAreaField
        label="Bio"
        error={errors.bio?.message}
        registration={form.register('bio')}
        rows={4}
        maxLength={PROFILE_LIMITS.bioMax}
        placeholder="Tell us about yourself..."
      />
      <TextField
        label="Location"
        error={errors.location?.message}
        registration={form.register('location')}
        maxLength={PROFILE_LIMITS.locationMax}
        placeholder="City, Country"
      />
      <TextField
        label="Website"
        error={errors.website?.message}
        registration={form.register('website')}
        type="url"
        inputMode="url"
        maxLength={PROFILE_LIMITS.websiteMax}
        placeholder="https://example.com"
      />
    </div>
  );
}

function ViewValue({ label, value, empty }: { label: string; value: ReactNode; empty: string }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm font-medium text-gray-600 dark:text-gray-300">{label}</dt>
      <dd className="mt-1 break-words whitespace-pre-line">
        {value || <span className="text-gray-600 italic dark:text-gray-300">{empty}</span>}
      </dd>
    </div>
  );
}

/** The saved fields, in view mode. */
export function PersonalInformation({ profile }: { profile: Profile }) {
  return (
    <dl className="divide-y divide-gray-200 dark:divide-gray-800">
      <ViewValue label="Full Name" value={profile.name} empty="No name added." />
      <ViewValue label="Email" value={<EmailAddress email={profile.email} wrap />} empty="" />
      <ViewValue label="Bio" value={profile.bio} empty="No bio added yet." />
      <ViewValue label="Location" value={profile.location} empty="No location added." />
      <ViewValue
        label="Website"
        value={
          profile.website &&
          (isWebLink(profile.website) ? (
            <a
              href={profile.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="break-all text-blue-700 underline hover:text-blue-800 dark:text-blue-300 dark:hover:text-blue-200"
            >
              {profile.website}
            </a>
          ) : (
            <span className="break-all">{profile.website}</span>
          ))
        }
        empty="No website added."
      />
    </dl>
  );
}
