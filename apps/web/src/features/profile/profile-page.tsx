import { MESSAGES, PROFILE_LIMITS } from '@daywise/shared';
import { type Profile, type ProfileUpdate, profileUpdateSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BadgeCheck,
  CalendarDays,
  CircleAlert,
  Loader2,
  Pencil,
  Trash2,
  Upload,
} from 'lucide-react';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmailAddress } from '../../components/email-address';
import { TextAreaField, TextField } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { ApiClientError, showFieldErrors } from '../../lib/api-client';
import { formatDateIn } from '../../lib/format';
import { useTimezone } from '../../lib/settings';
import { notify, progressToast } from '../../lib/toast';
import { isAcceptableImage, resizeImage } from './resize-image';
import { type ProfileSave, useProfile, useSaveProfile } from './use-profile';

const FIELDS = ['name', 'bio', 'location', 'website'] as const;

type StagedPicture =
  { kind: 'none' } | { kind: 'upload'; file: File; previewUrl: string } | { kind: 'remove' };

const NOTHING_STAGED: StagedPicture = { kind: 'none' };

function valuesOf(profile: Profile): ProfileUpdate {
  return {
    name: profile.name,
    bio: profile.bio,
    location: profile.location,
    website: profile.website,
  };
}

/** The day the user joined, in their time zone. */
function joinedDate(createdAt: string, timeZone: string): string {
  return Number.isNaN(new Date(createdAt).getTime()) ? '' : formatDateIn(createdAt, timeZone);
}

/** Only web addresses become links; anything else is shown as text (no javascript: URLs). */
function isWebLink(website: string): boolean {
  return /^https?:\/\//i.test(website);
}

/** What Save does to the picture. */
function pictureChange(staged: StagedPicture): ProfileSave['picture'] {
  if (staged.kind === 'upload') {
    return { upload: staged.file };
  }
  return staged.kind === 'remove' ? 'remove' : null;
}

/** Profile: view mode, and an edit mode whose changes apply on Save. */
export default function ProfilePage() {
  const query = useProfile();

  if (query.isPending) {
    return (
      <PageShell>
        <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Loading profile...
        </p>
      </PageShell>
    );
  }

  if (query.isError) {
    return (
      <PageShell>
        <div role="alert">
          <LoadError
            message="Could not load your profile."
            onRetry={() => void query.refetch()}
            className={errorPanelClass}
          />
        </div>
      </PageShell>
    );
  }

  return <ProfileEditor profile={query.data} />;
}

function PageShell({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Profile</h1>
          <p className="mt-1 text-gray-600 dark:text-gray-300">Manage your personal information</p>
        </div>
        {action}
      </div>
      {children}
    </div>
  );
}

function ProfileSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card as="section" className="p-5 sm:p-6">
      {title && <h2 className="mb-4 text-lg font-semibold">{title}</h2>}
      {children}
    </Card>
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

function ProfileEditor({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [picture, setPicture] = useState<StagedPicture>(NOTHING_STAGED);
  const [processing, setProcessing] = useState(false);
  const previewUrl = useRef<string | null>(null);
  // Bumped whenever a picture choice is superseded, so a late resize result is dropped.
  const pickToken = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const progressId = useRef<string | null>(null);

  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: valuesOf(profile),
  });
  const { errors } = form.formState;

  const stagePicture = (next: StagedPicture) => {
    if (previewUrl.current) {
      URL.revokeObjectURL(previewUrl.current);
    }
    previewUrl.current = next.kind === 'upload' ? next.previewUrl : null;
    setPicture(next);
  };

  useEffect(() => {
    const urls = previewUrl;
    return () => {
      if (urls.current) {
        URL.revokeObjectURL(urls.current);
      }
    };
  }, []);

  useEffect(() => {
    if (editing) {
      form.setFocus('name');
    }
  }, [editing, form]);

  const mutation = useSaveProfile({
    // The picture is saved now, whatever happens to the fields next.
    onPictureSaved: () => stagePicture(NOTHING_STAGED),
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      stagePicture(NOTHING_STAGED);
      setEditing(false);
      notify.success(MESSAGES.profileUpdated);
    },
    onError: (error) => {
      // Edit mode stays, with everything the user typed.
      showFieldErrors(error, FIELDS, form.setError);
      if (error instanceof ApiClientError) {
        if (error.code === 'INVALID_IMAGE' || error.code === 'IMAGE_TOO_LARGE') {
          notify.error(error.message);
          return;
        }
      }
      notify.error(MESSAGES.profileUpdateFailed);
    },
  });

  const startEditing = () => {
    form.reset(valuesOf(profile));
    stagePicture(NOTHING_STAGED);
    setEditing(true);
  };

  /** Drops a resize under way: its late result is ignored and its progress toast goes. */
  const abandonProcessing = () => {
    pickToken.current += 1;
    if (progressId.current) {
      progressToast.dismiss(progressId.current);
      progressId.current = null;
    }
    setProcessing(false);
  };

  const cancel = () => {
    abandonProcessing();
    form.reset(valuesOf(profile));
    stagePicture(NOTHING_STAGED);
    setEditing(false);
  };

  const choosePicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again later.
    event.target.value = '';
    if (!file) {
      return;
    }
    // The type and the 5 MB rule are checked before any processing (docs/product/profile-and-settings.md).
    if (!isAcceptableImage(file)) {
      notify.error(MESSAGES.invalidImage);
      return;
    }
    pickToken.current += 1;
    const token = pickToken.current;
    setProcessing(true);
    // The progress toast gives way to the outcome, so 'Processing image...' never lingers.
    const progress = progressToast.show(MESSAGES.pictureProcessing);
    progressId.current = progress;
    let ready = file;
    let failed = false;
    try {
      ready = await resizeImage(file);
    } catch {
      failed = true;
    }
    if (token !== pickToken.current) {
      return;
    }
    progressToast.dismiss(progress);
    progressId.current = null;
    setProcessing(false);
    if (!isAcceptableImage(ready)) {
      notify.error(MESSAGES.invalidImage);
      return;
    }
    if (failed) {
      // The original goes up instead; the server checks and resizes it too.
      notify.error(MESSAGES.pictureProcessFailed);
    } else {
      notify.success(MESSAGES.pictureReady);
    }
    stagePicture({ kind: 'upload', file: ready, previewUrl: URL.createObjectURL(ready) });
  };

  const removePicture = () => {
    abandonProcessing();
    if (profile.pictureUrl) {
      stagePicture({ kind: 'remove' });
      notify.info(MESSAGES.pictureWillBeRemoved);
    } else {
      stagePicture(NOTHING_STAGED);
    }
  };

  const save = form.handleSubmit((values) => {
    if (!processing) {
      mutation.mutate({ values, picture: pictureChange(picture) });
    }
  });

  const shownPicture =
    picture.kind === 'upload'
      ? picture.previewUrl
      : picture.kind === 'remove'
        ? null
        : profile.pictureUrl;
  const canRemove = picture.kind === 'upload' || (picture.kind === 'none' && !!profile.pictureUrl);
  const saving = mutation.isPending;
  const joined = joinedDate(profile.createdAt, useTimezone());

  return (
    <PageShell
      action={
        !editing && (
          <Button onClick={startEditing}>
            <Pencil aria-hidden className="size-4" />
            Edit Profile
          </Button>
        )
      }
    >
      <form noValidate onSubmit={save} className="space-y-6">
        <ProfileSection>
          <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
            <Avatar name={profile.name} src={shownPicture} size={96} decorative />
            <div className="min-w-0 flex-1 space-y-2">
              <p className="text-xl font-semibold break-words">{profile.name}</p>
              <EmailAddress
                email={profile.email}
                wrap
                className="text-gray-700 dark:text-gray-300"
              />
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
          {editing && (
            <div className="mt-5 space-y-2 border-t border-gray-200 pt-5 dark:border-gray-800">
              <div className="flex flex-wrap gap-3">
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  aria-label="Upload Photo"
                  tabIndex={-1}
                  className="hidden"
                  onChange={(event) => void choosePicture(event)}
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
                  <Button onClick={removePicture} disabled={saving} variant="secondary" size="sm">
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
          )}
        </ProfileSection>

        <ProfileSection title="Personal Information">
          {editing ? (
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
                <EmailAddress
                  email={profile.email}
                  wrap
                  className="text-gray-700 dark:text-gray-300"
                />
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
          ) : (
            <dl className="divide-y divide-gray-200 dark:divide-gray-800">
              <ViewValue label="Full Name" value={profile.name} empty="No name added." />
              <ViewValue
                label="Email"
                value={<EmailAddress email={profile.email} wrap />}
                empty=""
              />
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
          )}
        </ProfileSection>

        {editing && (
          <div className="flex flex-wrap justify-end gap-3">
            <Button onClick={cancel} disabled={saving} variant="secondary" size="sm">
              Cancel
            </Button>
            <Button type="submit" disabled={saving || processing}>
              {saving && <Loader2 aria-hidden className="size-4 animate-spin" />}
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        )}
      </form>
    </PageShell>
  );
}
