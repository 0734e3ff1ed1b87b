import type { AdminUser, InstanceStatus } from '@daywise/shared/schemas';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { DashboardNotFound } from '../../components/dashboard-not-found';
import { inputClass } from '../../components/form-field';
import { formatDateTimeIn } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useTimezone } from '../../lib/settings';
import { notify } from '../../lib/toast';
import {
  useAdminUsers,
  useAuditLog,
  useInstanceStatus,
  useInvitations,
  useInvite,
  useSendPasswordReset,
  useSetDisabled,
} from './use-admin';

const AUDIT_WORDS = {
  invite: 'invited',
  disable: 'disabled',
  enable: 'enabled',
  'password-reset': 'sent a password reset to',
} as const;

const REGISTRATION_WORDS = {
  open: 'Open: anyone may sign up',
  invite: 'By invitation link only',
  closed: 'Closed: invited addresses only',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function bytes(value: number): string {
  if (value < 1024) {
    return `${value} B`;
  }
  return value < 1024 * 1024
    ? `${(value / 1024).toFixed(1)} KB`
    : `${(value / 1024 / 1024).toFixed(1)} MB`;
}

function InstanceFacts({ status, timezone }: { status: InstanceStatus; timezone: string }) {
  const dependency = (value: string) =>
    value === 'ok' ? 'Answering' : value === 'not-configured' ? 'Not configured' : 'Not answering';
  const email = status.email;
  const facts: [string, string][] = [
    ['Version', status.version],
    ['Sign-up', REGISTRATION_WORDS[status.registration]],
    [
      'Database',
      `${status.database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${dependency(status.database.status)}`,
    ],
    ['Redis', dependency(status.redis)],
    [
      'Reminder jobs queued',
      status.queuedReminderJobs === null ? 'Unknown' : String(status.queuedReminderJobs),
    ],
    [
      'Email',
      `${email.transport === 'smtp' ? 'SMTP' : 'Outbox folder (no SMTP_URL)'}; last sent ${
        email.lastSentAt ? formatDateTimeIn(email.lastSentAt, timezone) : 'never'
      }${email.lastFailedAt ? `; last failure ${formatDateTimeIn(email.lastFailedAt, timezone)}` : ''}`,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-gray-600 dark:text-gray-300">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function InviteForm() {
  const [email, setEmail] = useState('');
  const invite = useInvite();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email, {
      onSuccess: (sent) => {
        notify.success(`Invitation sent to ${sent.email}.`);
        setEmail('');
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={id} className="block text-sm font-medium">
          Email address to invite
        </label>
        <input
          id={id}
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
      </div>
      <Button type="submit" disabled={invite.isPending} variant="primary">
        {invite.isPending ? 'Sending...' : 'Send Invitation'}
      </Button>
    </form>
  );
}

function Invitations({ timezone }: { timezone: string }) {
  const invitations = useInvitations().data?.invitations ?? [];
  if (invitations.length === 0) {
    return <p className="mt-4 text-sm text-gray-600 dark:text-gray-300">No invitations yet.</p>;
  }
  return (
    <ul className="mt-4 divide-y divide-gray-200 text-sm dark:divide-gray-800">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="py-2">
          <span className="font-medium">{invitation.email}</span>:{' '}
          {invitation.acceptedAt
            ? `accepted ${formatDateTimeIn(invitation.acceptedAt, timezone)}`
            : `sent ${formatDateTimeIn(invitation.createdAt, timezone)}, expires ${formatDateTimeIn(
                invitation.expiresAt,
                timezone,
              )}`}
        </li>
      ))}
    </ul>
  );
}

function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const setDisabled = useSetDisabled();
  const reset = useSendPasswordReset();
  return (
    <div className="flex flex-wrap gap-2">
      {!isSelf && (
        <Button
          type="button"
          disabled={setDisabled.isPending}
          aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
          onClick={() =>
            setDisabled.mutate(
              { id: user.id, disabled: !user.disabled },
              {
                onSuccess: (changed) =>
                  notify.success(
                    `${changed.email} is ${changed.disabled ? 'disabled' : 'enabled'}.`,
                  ),
              },
            )
          }
          variant={user.disabled ? 'secondary' : 'danger'}
          size="sm"
        >
          {user.disabled ? 'Enable' : 'Disable'}
        </Button>
      )}
      <Button
        type="button"
        disabled={reset.isPending}
        aria-label={`Send a password reset to ${user.email}`}
        onClick={() => reset.mutate(user.id, { onSuccess: (done) => notify.success(done.message) })}
        variant="secondary"
        size="sm"
      >
        Send Password Reset
      </Button>
    </div>
  );
}

function Users({ selfEmail, timezone }: { selfEmail: string; timezone: string }) {
  const [page, setPage] = useState(1);
  const data = useAdminUsers(page).data;
  if (!data) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">Loading users...</p>;
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-gray-600 dark:text-gray-300">
            <tr>
              {['Name', 'Email', 'Joined', 'Last active', 'Todos', 'Storage', 'Status', ''].map(
                (heading) => (
                  <th key={heading} scope="col" className="py-2 pr-4 font-medium">
                    {heading}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
            {data.users.map((user) => (
              <tr key={user.id}>
                <td className="py-2 pr-4">
                  {user.name}
                  {user.admin && <span className="ml-1 text-xs text-blue-700"> (admin)</span>}
                </td>
                <td className="py-2 pr-4">{user.email}</td>
                <td className="py-2 pr-4">{formatDateTimeIn(user.joinedAt, timezone)}</td>
                <td className="py-2 pr-4">
                  {user.lastActiveAt ? formatDateTimeIn(user.lastActiveAt, timezone) : 'Never'}
                </td>
                <td className="py-2 pr-4">{user.todoCount}</td>
                <td className="py-2 pr-4">{bytes(user.storageBytes)}</td>
                <td className="py-2 pr-4">
                  {user.disabled ? 'Disabled' : user.verified ? 'Active' : 'Not verified'}
                </td>
                <td className="py-2">
                  <UserActions user={user} isSelf={user.email === selfEmail} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="mt-4 flex items-center gap-3 text-sm">
          <Button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            variant="secondary"
            size="sm"
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            variant="secondary"
            size="sm"
          >
            Next
          </Button>
        </div>
      )}
    </>
  );
}

function AuditLog({ timezone }: { timezone: string }) {
  const entries = useAuditLog(1).data?.entries ?? [];
  if (entries.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">No admin actions yet.</p>;
  }
  return (
    <ul className="divide-y divide-gray-200 text-sm dark:divide-gray-800">
      {entries.map((entry) => (
        <li key={entry.id} className="py-2">
          {formatDateTimeIn(entry.at, timezone)}: {entry.adminEmail} {AUDIT_WORDS[entry.action]}{' '}
          {entry.target}
        </li>
      ))}
    </ul>
  );
}

function Status({ timezone }: { timezone: string }) {
  const status = useInstanceStatus().data;
  return status ? (
    <InstanceFacts status={status} timezone={timezone} />
  ) : (
    <p className="text-sm text-gray-600 dark:text-gray-300">Checking the instance...</p>
  );
}

/**
 * /dashboard/admin (ADR 0039): the instance's users, invitations, health and audit log. Anyone
 * but an admin sees 'Page not found', as the server answers them 404 on every admin route.
 */
export default function AdminPage() {
  const { user, admin, isLoading } = useSession();
  const timezone = useTimezone();
  if (isLoading) {
    return null;
  }
  if (!user || !admin) {
    return <DashboardNotFound />;
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Admin</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-300">
          Who uses this Daywise server, who may join, and how the server is doing
        </p>
      </div>
      <Section title="Instance">
        <Status timezone={timezone} />
      </Section>
      <Section title="Invite Someone">
        <InviteForm />
        <Invitations timezone={timezone} />
      </Section>
      <Section title="Users">
        <Users selfEmail={user.email} timezone={timezone} />
      </Section>
      <Section title="Audit Log">
        <AuditLog timezone={timezone} />
      </Section>
    </div>
  );
}
