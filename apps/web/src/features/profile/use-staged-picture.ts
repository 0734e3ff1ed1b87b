import { MESSAGES } from '@daywise/shared';
import type { Profile } from '@daywise/shared/schemas';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';

import { notify, progressToast } from '../../lib/toast';
import { isAcceptableImage, resizeImage, UndecodableImageError } from './resize-image';
import type { ProfileSave } from './use-profile';

export type StagedPicture =
  { kind: 'none' } | { kind: 'upload'; file: File; previewUrl: string } | { kind: 'remove' };

export const NOTHING_STAGED: StagedPicture = { kind: 'none' };

/** What Save does to the picture. */
export function pictureChange(staged: StagedPicture): ProfileSave['picture'] {
  if (staged.kind === 'upload') {
    return { upload: staged.file };
  }
  return staged.kind === 'remove' ? 'remove' : null;
}

interface Resized {
  file: File;
  failed: boolean;
  /** The file is no picture at all (docs/product/profile-and-settings.md#picture). */
  unreadable: boolean;
}

/** The picture resized in the browser, or the original if resizing failed. */
async function resizeOrKeep(file: File): Promise<Resized> {
  try {
    return { file: await resizeImage(file), failed: false, unreadable: false };
  } catch (error) {
    return { file, failed: true, unreadable: error instanceof UndecodableImageError };
  }
}

/** Says how the resize went; false if the result cannot be uploaded. */
function announce({ file, failed, unreadable }: Resized): boolean {
  if (unreadable || !isAcceptableImage(file)) {
    notify.error(MESSAGES.invalidImage);
    return false;
  }
  if (failed) {
    // The original goes up instead; the server checks and resizes it too.
    notify.error(MESSAGES.pictureProcessFailed);
  } else {
    notify.success(MESSAGES.pictureReady);
  }
  return true;
}

/**
 * The picture the profile editor will save: a chosen file, resized in the browser first, or the
 * removal of the current one; nothing changes on the server until Save.
 */
export function useStagedPicture(profile: Profile) {
  const [picture, setPicture] = useState<StagedPicture>(NOTHING_STAGED);
  const [processing, setProcessing] = useState(false);
  const previewUrl = useRef<string | null>(null);
  // Bumped whenever a picture choice is superseded, so a late resize result is dropped.
  const pickToken = useRef(0);
  const progressId = useRef<string | null>(null);

  const stage = (next: StagedPicture) => {
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

  /** Drops a resize under way: its late result is ignored and its progress toast goes. */
  const abandonProcessing = () => {
    pickToken.current += 1;
    if (progressId.current) {
      progressToast.dismiss(progressId.current);
      progressId.current = null;
    }
    setProcessing(false);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
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
    const resized = await resizeOrKeep(file);
    if (token !== pickToken.current) {
      return;
    }
    progressToast.dismiss(progress);
    progressId.current = null;
    setProcessing(false);
    if (announce(resized)) {
      stage({ kind: 'upload', file: resized.file, previewUrl: URL.createObjectURL(resized.file) });
    }
  };

  const remove = () => {
    abandonProcessing();
    if (profile.pictureUrl) {
      stage({ kind: 'remove' });
      notify.info(MESSAGES.pictureWillBeRemoved);
    } else {
      stage(NOTHING_STAGED);
    }
  };

  const shown =
    picture.kind === 'upload'
      ? picture.previewUrl
      : picture.kind === 'remove'
        ? null
        : profile.pictureUrl;
  const canRemove = picture.kind === 'upload' || (picture.kind === 'none' && !!profile.pictureUrl);

  return { picture, processing, shown, canRemove, stage, abandonProcessing, choose, remove };
}
