import { type Profile, type ProfileUpdate, profileUpdateSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { showFieldErrors } from '../../lib/api-client';
import { PersonalInformation, PersonalInformationFields } from './personal-information';
import { PictureControls, ProfileSummary } from './profile-summary';
import { useProfile, useSaveProfile } from './use-profile';
import { NOTHING_STAGED, pictureChange, useStagedPicture } from './use-staged-picture';

const FIELDS = ['name', 'bio', 'location', 'website'] as const;

function valuesOf(profile: Profile): ProfileUpdate {
  return {
    name: profile.name,
    bio: profile.bio,
    location: profile.location,
    website: profile.website,
  };
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

/** Cancel and Save, below the form in edit mode; Save waits for a picture being processed. */
function EditActions(props: { saving: boolean; processing: boolean; onCancel: () => void }) {
  const { saving, processing, onCancel } = props;
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button onClick={onCancel} disabled={saving} variant="secondary" size="sm">
        Cancel
      </Button>
      <Button type="submit" disabled={saving || processing}>
        {saving && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const staged = useStagedPicture(profile);
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: valuesOf(profile),
  });

  useEffect(() => {
    if (editing) {
      form.setFocus('name');
    }
  }, [editing, form]);

  const mutation = useSaveProfile({
    // The picture is saved now, whatever happens to the fields next.
    onPictureSaved: () => staged.stage(NOTHING_STAGED),
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      staged.stage(NOTHING_STAGED);
      setEditing(false);
    },
    // Edit mode stays, with everything the user typed.
    onError: (error) => showFieldErrors(error, FIELDS, form.setError),
  });

  const startEditing = () => {
    form.reset(valuesOf(profile));
    staged.stage(NOTHING_STAGED);
    setEditing(true);
  };

  const cancel = () => {
    staged.abandonProcessing();
    form.reset(valuesOf(profile));
    staged.stage(NOTHING_STAGED);
    setEditing(false);
  };

  const save = form.handleSubmit((values) => {
    if (!staged.processing) {
      mutation.mutate({ values, picture: pictureChange(staged.picture) });
    }
  });

  const saving = mutation.isPending;

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
          <ProfileSummary profile={profile} picture={staged.shown} />
          {editing && (
            <PictureControls
              picture={staged.picture}
              processing={staged.processing}
              saving={saving}
              canRemove={staged.canRemove}
              onChoose={(event) => void staged.choose(event)}
              onRemove={staged.remove}
            />
          )}
        </ProfileSection>

        <ProfileSection title="Personal Information">
          {editing ? (
            <PersonalInformationFields profile={profile} form={form} />
          ) : (
            <PersonalInformation profile={profile} />
          )}
        </ProfileSection>

        {editing && (
          <EditActions saving={saving} processing={staged.processing} onCancel={cancel} />
        )}
      </form>
    </PageShell>
  );
}
