import { MESSAGES } from '@daywise/shared';
import { profileApi } from '@daywise/shared/api';
import type { Profile, ProfileUpdate } from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { profileQueries, uploadPicture } from './api';

export function useProfile() {
  return useQuery(profileQueries.profile());
}

/** One Save of the profile editor: the fields, and a new picture, its removal, or neither. */
export interface ProfileSave {
  values: ProfileUpdate;
  picture: { upload: File } | 'remove' | null;
}

/**
 * Saves the profile editor: a picture change first, which stands even if the fields then fail
 * (`onPictureSaved` says so), then the fields. A refused picture is named by the server's
 * message, any other failure by 'Failed to update profile'.
 *
 * The user's own picture shows only where the profile query is read (the profile page and the
 * sidebar), so writing the new URL into that cache updates both at once, with no request. The
 * social lists show other people, never the user, so a picture change leaves them alone. Saved
 * fields replace the cached profile; the session is read again for the name the shell and the
 * dashboard greet with, and the shared plans for the name on the user's own tasks ('by {name}').
 */
export function useSaveProfile(callbacks: {
  onPictureSaved: () => void;
  onSuccess: (saved: Profile) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, picture }: ProfileSave) => {
      if (picture) {
        const { pictureUrl } =
          picture === 'remove'
            ? await callApi(profileApi.removePicture)
            : await uploadPicture(picture.upload);
        queryClient.setQueryData<Profile>(queryKeys.profile, (current) =>
          current ? { ...current, pictureUrl } : current,
        );
        callbacks.onPictureSaved();
      }
      return callApi(profileApi.update, { body: values });
    },
    meta: {
      succeeded: MESSAGES.profileUpdated,
      failed: MESSAGES.profileUpdateFailed,
      serverMessageFor: ['INVALID_IMAGE', 'IMAGE_TOO_LARGE'],
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.profile, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.social.sharedPlans });
      callbacks.onSuccess(saved);
    },
    onError: callbacks.onError,
  });
}
