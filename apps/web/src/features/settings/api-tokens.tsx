import { API_REFERENCE_PATH, API_TOKEN_NAME_MAX, MESSAGES } from '@daywise/shared';
import { type ApiToken, type ApiTokenScope, type CreatedApiToken } from '@daywise/shared/schemas';
import { KeyRound, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';

import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field, inputClass, selectClass } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { formatDateTimeIn } from '../../lib/format';
import { notify } from '../../lib/toast';
import { CopyField } from './copy-field';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './use-integrations';

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
  caldav: 'CalDAV app password',
};

/** API tokens: create one (shown once), list them with their last use, revoke. */
export function ApiTokens({ timeZone }: { timeZone: string }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const query = useApiTokens();
  const revoke = useRevokeApiToken(MESSAGES.apiTokenRevokeFailed);

  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Tokens let your scripts and other apps use the Daywise API as you (see the{' '}
        <a href={API_REFERENCE_PATH} className="text-blue-700 underline dark:text-blue-300">
          API reference
        </a>
        ). They cannot change your account, your tokens or your calendar feed.
      </p>
      <p className="text-sm text-gray-600 dark:text-gray-300">
        A CalDAV app password lets calendar and task apps (Thunderbird, DAVx⁵, Apple Reminders) show
        your todos and daily goals: sign in there with your email and the app password. It works for
        CalDAV only, and for now those apps can read but not change your todos.
      </p>
      {created ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950">
          <p role="alert" className="text-sm font-medium text-amber-900 dark:text-amber-100">
            {MESSAGES.apiTokenShownOnce}
          </p>
          <CopyField label={`Token "${created.token.name}"`} value={created.secret} />
          {created.token.scope === 'caldav' && (
            <CopyField label="CalDAV server address" value={`${window.location.origin}/dav/`} />
          )}
          <Button variant="secondary" size="sm" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <TokenList query={query} timeZone={timeZone} onRevoke={setRevoking} />
      {revoking && (
        <ConfirmDialog
          title="Revoke API token?"
          confirmLabel="Revoke"
          pendingLabel="Revoking..."
          pending={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notify.success(MESSAGES.apiTokenRevoked(revoking.name));
                setRevoking(null);
              },
            })
          }
          onClose={() => setRevoking(null)}
        >
          {MESSAGES.revokeApiTokenText(revoking.name)}
        </ConfirmDialog>
      )}
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateApiToken(MESSAGES.apiTokenCreateFailed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(MESSAGES.apiTokenNameRequired);
      return;
    }
    setError(undefined);
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (token) => {
          setName('');
          onCreated(token);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
    >
      <Field label="Token name" error={error} hint="What will use it, such as “Daily summary”.">
        {(field) => (
          <input
            {...field}
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Access">
        {(field) => (
          <select
            {...field}
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            className={selectClass}
          >
            {(Object.keys(SCOPE_LABELS) as ApiTokenScope[]).map((value) => (
              <option key={value} value={value}>
                {SCOPE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" size="sm" disabled={create.isPending} className="sm:mb-0.5">
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
    </form>
  );
}

function TokenList({
  query,
  timeZone,
  onRevoke,
}: {
  query: ReturnType<typeof useApiTokens>;
  timeZone: string;
  onRevoke: (token: ApiToken) => void;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading API tokens...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <LoadError
          message={MESSAGES.apiTokensLoadFailed}
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const { tokens } = query.data;
  if (tokens.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">{MESSAGES.noApiTokens}</p>;
  }
  return (
    <ul aria-label="API tokens" className="space-y-3">
      {tokens.map((token) => (
        <li key={token.id} className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <KeyRound aria-hidden className="size-5 shrink-0 text-gray-500" />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                {token.name}
                <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100">
                  {SCOPE_LABELS[token.scope]}
                </span>
              </p>
              <p className="text-xs text-gray-600 dark:text-gray-300">
                Created {formatDateTimeIn(token.createdAt, timeZone)} ·{' '}
                {token.lastUsedAt
                  ? `Last used ${formatDateTimeIn(token.lastUsedAt, timeZone)}`
                  : 'Never used'}
              </p>
            </div>
          </div>
          <Button
            variant="secondary"
            size="xs"
            onClick={() => onRevoke(token)}
            aria-label={`Revoke ${token.name}`}
            className="shrink-0"
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
