import { MESSAGES } from '@daywise/shared';
import type { Profile } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { queryKeys } from '../../lib/query-keys';
import { notify, progressToast } from '../../lib/toast';
import { errorResponse, fakeApi, type FakeRequest } from '../../test/fake-api';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import ProfilePage from './profile-page';
import type * as ResizeImageModule from './resize-image';
import { resizeImage, UndecodableImageError } from './resize-image';

vi.mock('../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  progressToast: { show: vi.fn((message: string) => `progress:${message}`), dismiss: vi.fn() },
}));

vi.mock('./resize-image', async (importOriginal) => {
  const actual = await importOriginal<typeof ResizeImageModule>();
  return { ...actual, resizeImage: vi.fn() };
});

const PROFILE: Profile = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2024-03-15T12:00:00.000Z',
  bio: '',
  location: '',
  website: '',
  pictureUrl: null,
};

const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/preview');
const revokeObjectURL = vi.fn((_url: string) => undefined);

/** The user's settings: their time zone, UTC+14, dates the profile by. */
const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'Pacific/Kiritimati' },
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A small fake of the profile API; `patchAnswer` replaces the PATCH answer when set. */
function stubApi(initial: Partial<Profile> = {}, patchAnswer?: () => Response) {
  let profile: Profile = { ...PROFILE, ...initial };
  const calls: Call[] = [];
  const recorded =
    (answer: (body: unknown) => Profile | { pictureUrl: string | null } | Response) =>
    ({ method, url, body }: FakeRequest) => {
      calls.push({ method, url, body });
      return answer(body);
    };
  fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .route(
      'GET',
      '/api/profile',
      recorded(() => profile),
    )
    .route(
      'PATCH',
      '/api/profile',
      recorded((body) => {
        if (patchAnswer) {
          return patchAnswer();
        }
        profile = { ...profile, ...(body as Partial<Profile>) };
        return profile;
      }),
    )
    .route(
      'PUT',
      '/api/profile/picture',
      recorded(() => {
        profile = { ...profile, pictureUrl: '/api/users/user-1/picture?v=2' };
        return { pictureUrl: profile.pictureUrl };
      }),
    )
    .route(
      'DELETE',
      '/api/profile/picture',
      recorded(() => {
        profile = { ...profile, pictureUrl: null };
        return { pictureUrl: null };
      }),
    );
  return { calls };
}

function renderPage() {
  renderWithProviders(<ProfilePage />);
}

async function openEditor() {
  const user = userEvent.setup({ applyAccept: false });
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return user;
}

function details() {
  return within(screen.getByRole('heading', { name: 'Personal Information' }).parentElement!);
}

describe('ProfilePage', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
    vi.mocked(notify.info).mockClear();
    vi.mocked(progressToast.show).mockClear();
    vi.mocked(progressToast.dismiss).mockClear();
    vi.mocked(resizeImage).mockReset();
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: createObjectURL,
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      writable: true,
      value: revokeObjectURL,
    });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the profile with its empty states, verification and joined date', async () => {
    stubApi();
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');

    expect(await screen.findByText('Email Verified')).toBeInTheDocument();
    // Noon UTC on the 15th is the 16th in the user's time zone, UTC+14.
    expect(await screen.findByText('Joined Mar 16, 2024')).toBeInTheDocument();
    // The address may break only after '@' or '.', so its parts are elements of their own.
    expect(screen.getAllByTitle('ada@example.com')[0]).toHaveTextContent('ada@example.com');
    expect(screen.getByText('No bio added yet.')).toBeInTheDocument();
    expect(screen.getByText('No location added.')).toBeInTheDocument();
    expect(screen.getByText('No website added.')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  it('shows an unverified email and the website as a safe link', async () => {
    stubApi({
      emailVerified: false,
      bio: 'Analyst',
      location: 'London, UK',
      website: 'https://ada.example.com',
    });
    renderPage();

    expect(await screen.findByText('Email Not Verified')).toBeInTheDocument();
    expect(screen.getByText('Analyst')).toBeInTheDocument();
    expect(screen.getByText('London, UK')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://ada.example.com' });
    expect(link).toHaveAttribute('href', 'https://ada.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('does not link a website that is not http or https', async () => {
    stubApi({ website: 'javascript:alert(1)' });
    renderPage();

    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows an error with Try Again when the profile cannot load', async () => {
    let fail = true;
    fakeApi()
      .route('GET', '/api/settings', SETTINGS)
      .route('GET', '/api/profile', () =>
        fail ? errorResponse(500, 'INTERNAL', 'Something went wrong') : PROFILE,
      );
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('Could not load your profile.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Email Verified')).toBeInTheDocument();
  });

  it('restores the loaded values on Cancel', async () => {
    const { calls } = stubApi({ bio: 'Original bio' });
    const user = await openEditor();

    const name = screen.getByLabelText('Full Name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Bio')).toHaveAttribute(
      'placeholder',
      'Tell us about yourself...',
    );
    expect(screen.getByLabelText('Location')).toHaveAttribute('placeholder', 'City, Country');
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    await user.clear(name);
    await user.type(name, 'Someone Else');
    await user.clear(screen.getByLabelText('Bio'));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(screen.getByText('Original bio')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Bio')).toHaveValue('Original bio');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves the fields with PATCH and shows them', async () => {
    const { calls } = stubApi();
    const user = await openEditor();

    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Ada King');
    await user.type(screen.getByLabelText('Bio'), 'First programmer');
    await user.type(screen.getByLabelText('Location'), 'London, UK');
    await user.type(screen.getByLabelText('Website'), 'https://ada.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PATCH',
        url: '/api/profile',
        body: {
          name: 'Ada King',
          bio: 'First programmer',
          location: 'London, UK',
          website: 'https://ada.example.com',
        },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.profileUpdated);
    expect(details().getByText('Ada King')).toBeInTheDocument();
    expect(screen.getByText('First programmer')).toBeInTheDocument();
    expect(screen.getByText('London, UK')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://ada.example.com' })).toBeInTheDocument();
  });

  it('accepts a bare domain as the website and shows it as an https link', async () => {
    const { calls } = stubApi();
    const user = await openEditor();

    await user.type(screen.getByLabelText('Website'), 'maya.design');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('link', { name: 'https://maya.design' })).toHaveAttribute(
      'href',
      'https://maya.design',
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      website: 'https://maya.design',
    });
  });

  it('refuses a website that is not a web address, before sending', async () => {
    const { calls } = stubApi();
    const user = await openEditor();

    await user.type(screen.getByLabelText('Website'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.websiteInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows a server field error under its field and stays in edit mode', async () => {
    stubApi({}, () =>
      errorResponse(400, 'VALIDATION_FAILED', 'Location must be at most 100 characters', {
        location: 'Location must be at most 100 characters',
      }),
    );
    const user = await openEditor();

    await user.type(screen.getByLabelText('Location'), 'Somewhere');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const location = screen.getByLabelText('Location');
    expect(await screen.findByText('Location must be at most 100 characters')).toBeInTheDocument();
    expect(location).toHaveAttribute('aria-invalid', 'true');
    expect(location).toHaveValue('Somewhere');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.profileUpdateFailed);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('checks the name in the browser before sending', async () => {
    const { calls } = stubApi();
    const user = await openEditor();

    await user.clear(screen.getByLabelText('Full Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  const overFiveMegabytes = () => {
    const file = new File(['tiny'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(file, 'size', { value: 5 * 1024 * 1024 + 1 });
    return file;
  };

  it('refuses an image over 5 MB before any processing', async () => {
    const { calls } = stubApi();
    const user = await openEditor();
    await user.upload(screen.getByLabelText('Upload Photo'), overFiveMegabytes());
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.invalidImage);
    expect(resizeImage).not.toHaveBeenCalled();
    expect(progressToast.show).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Remove Photo' })).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('accepts an image of exactly 5 MB', async () => {
    stubApi();
    const user = await openEditor();
    vi.mocked(resizeImage).mockResolvedValue(
      new File(['small'], 'five.jpg', { type: 'image/jpeg' }),
    );
    const file = new File(['tiny'], 'five.jpg', { type: 'image/jpeg' });
    Object.defineProperty(file, 'size', { value: 5 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Upload Photo'), file);
    expect(await screen.findByRole('button', { name: 'Remove Photo' })).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it.each([['a text file', new File(['hello'], 'notes.txt', { type: 'text/plain' })]])(
    'refuses %s and stages nothing',
    async (_label, file) => {
      const { calls } = stubApi();
      const user = await openEditor();

      await user.upload(screen.getByLabelText('Upload Photo'), file);

      expect(notify.error).toHaveBeenCalledWith(MESSAGES.invalidImage);
      expect(resizeImage).not.toHaveBeenCalled();
      expect(createObjectURL).not.toHaveBeenCalled();
      expect(screen.queryByRole('button', { name: 'Remove Photo' })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByRole('button', { name: 'Edit Profile' });
      expect(calls.filter((call) => call.method !== 'GET').map((call) => call.method)).toEqual([
        'PATCH',
      ]);
    },
  );

  it('stages a resized picture and uploads it before the fields on Save', async () => {
    const resized = new File(['small'], 'me.jpg', { type: 'image/jpeg' });
    vi.mocked(resizeImage).mockResolvedValue(resized);
    const { calls } = stubApi();
    const user = await openEditor();

    await user.upload(
      screen.getByLabelText('Upload Photo'),
      new File(['big'], 'me.heic', { type: 'image/heic' }),
    );

    expect(progressToast.show).toHaveBeenCalledWith(MESSAGES.pictureProcessing);
    expect(await screen.findByText('Your new photo will be uploaded when you save.')).toBeVisible();
    // The progress toast gives way to the outcome.
    expect(progressToast.dismiss).toHaveBeenCalledWith(`progress:${MESSAGES.pictureProcessing}`);
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.pictureReady);
    expect(notify.info).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Profile' });

    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /api/profile/picture',
      'PATCH /api/profile',
    ]);
    const sent = writes[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('picture')).toBeInstanceOf(File);
    expect(((sent as FormData).get('picture') as File).name).toBe('me.jpg');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/preview');
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.profileUpdated);
  });

  it('refuses a file the browser cannot read as a picture, and stages nothing', async () => {
    // A text file named fake.png: an image type by its name, but no picture inside.
    vi.mocked(resizeImage).mockRejectedValue(new UndecodableImageError());
    const { calls } = stubApi();
    const user = await openEditor();

    await user.upload(
      screen.getByLabelText('Upload Photo'),
      new File(['just some text'], 'fake.png', { type: 'image/png' }),
    );

    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.invalidImage));
    expect(notify.error).not.toHaveBeenCalledWith(MESSAGES.pictureProcessFailed);
    expect(progressToast.dismiss).toHaveBeenCalledWith(`progress:${MESSAGES.pictureProcessing}`);
    expect(screen.queryByText('Your new photo will be uploaded when you save.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Photo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.method)).toEqual([
      'PATCH',
    ]);
  });

  it('falls back to the original file when resizing fails', async () => {
    vi.mocked(resizeImage).mockRejectedValue(new Error('no 2D canvas context'));
    const { calls } = stubApi();
    const user = await openEditor();

    await user.upload(
      screen.getByLabelText('Upload Photo'),
      new File(['raw'], 'raw.png', { type: 'image/png' }),
    );

    expect(await screen.findByText('Your new photo will be uploaded when you save.')).toBeVisible();
    expect(progressToast.dismiss).toHaveBeenCalledWith(`progress:${MESSAGES.pictureProcessing}`);
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.pictureProcessFailed);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Profile' });
    const upload = calls.find((call) => call.method === 'PUT');
    expect(((upload?.body as FormData).get('picture') as File).name).toBe('raw.png');
  });

  it('stages removal with Remove Photo and deletes the picture on Save', async () => {
    const { calls } = stubApi({ pictureUrl: '/api/users/user-1/picture?v=1' });
    const user = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Remove Photo' }));

    expect(notify.info).toHaveBeenCalledWith(MESSAGES.pictureWillBeRemoved);
    expect(screen.getByText('Your photo will be removed when you save.')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Profile' });

    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`),
    ).toEqual(['DELETE /api/profile/picture', 'PATCH /api/profile']);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  it('drops a staged removal on Cancel', async () => {
    const { calls } = stubApi({ pictureUrl: '/api/users/user-1/picture?v=1' });
    const user = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Remove Photo' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(document.querySelector('img')).toHaveAttribute('src', '/api/users/user-1/picture?v=1');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it.each([
    ['upload', undefined],
    ['removal', '/api/users/user-1/picture?v=1'],
  ])(
    'after a picture %s, updates the cached profile at once and reads only the name users again',
    async (kind, pictureUrl) => {
      vi.mocked(resizeImage).mockResolvedValue(
        new File(['small'], 'me.jpg', { type: 'image/jpeg' }),
      );
      stubApi({ pictureUrl: pictureUrl ?? null });
      const client = createTestQueryClient();
      client.setQueryData(queryKeys.session, { user: null });
      client.setQueryData(queryKeys.social.friends, []);
      client.setQueryData(queryKeys.social.search('ada'), []);
      client.setQueryData(queryKeys.social.sharedPlans, []);
      renderWithProviders(<ProfilePage />, { client });
      const user = userEvent.setup({ applyAccept: false });
      await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

      if (kind === 'upload') {
        await user.upload(
          screen.getByLabelText('Upload Photo'),
          new File(['big'], 'me.png', { type: 'image/png' }),
        );
        await screen.findByText('Your new photo will be uploaded when you save.');
      } else {
        await user.click(screen.getByRole('button', { name: 'Remove Photo' }));
      }
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByRole('button', { name: 'Edit Profile' });

      expect(client.getQueryData<Profile>(queryKeys.profile)?.pictureUrl).toBe(
        kind === 'upload' ? '/api/users/user-1/picture?v=2' : null,
      );
      // The saved name shows in the shell (session) and on the user's shared tasks.
      expect(client.getQueryState(queryKeys.session)?.isInvalidated).toBe(true);
      expect(client.getQueryState(queryKeys.social.sharedPlans)?.isInvalidated).toBe(true);
      // The social lists show other people, never the user: nothing to read again.
      expect(client.getQueryState(queryKeys.social.friends)?.isInvalidated).toBe(false);
      expect(client.getQueryState(queryKeys.social.search('ada'))?.isInvalidated).toBe(false);
    },
  );

  it('keeps a long email address whole, breaking only after @ or a dot', async () => {
    const email = 'augusta.ada.king.countess.of.lovelace@analytical-engine.example.com';
    stubApi({ email });
    renderWithProviders(<ProfilePage />);
    const shown = await screen.findAllByTitle(email);
    expect(shown.length).toBeGreaterThan(0);
    for (const element of shown) {
      expect(element).toHaveTextContent(email);
      expect(element.querySelectorAll('wbr')).toHaveLength(email.match(/[@.]/g)?.length ?? 0);
      expect(element.className).not.toMatch(/break-all/);
    }
  });
});
