import { MessagesSquare, Plus, Settings, User } from 'lucide-react';
import { Link } from 'react-router';

import { DashboardPanel } from './dashboard-panel';

const tile =
  'flex h-full min-w-0 items-center gap-3 rounded-lg px-4 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const plainTile = `${tile} border border-gray-200 text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800`;

/**
 * Quick Actions. The navigation state asks the target page to open something on
 * arrival: the Todos page its create dialog, the Social page its Chat tab.
 */
export function QuickActions() {
  return (
    <DashboardPanel id="dashboard-quick-actions" title="Quick Actions">
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        <li>
          <Link
            to="/dashboard/todos"
            state={{ openModal: true }}
            className={`${tile} bg-blue-600 text-white hover:bg-blue-700`}
          >
            <Plus aria-hidden className="size-5 shrink-0" />
            Add New Task
          </Link>
        </li>
        <li>
          <Link to="/dashboard/social" state={{ activeTab: 'chat' }} className={plainTile}>
            <MessagesSquare
              aria-hidden
              className="size-5 shrink-0 text-green-600 dark:text-green-400"
            />
            Chat with Friends
          </Link>
        </li>
        <li>
          <Link to="/dashboard/profile" className={plainTile}>
            <User aria-hidden className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" />
            View Profile
          </Link>
        </li>
        <li>
          <Link to="/dashboard/settings" className={plainTile}>
            <Settings aria-hidden className="size-5 shrink-0 text-gray-600 dark:text-gray-300" />
            Settings
          </Link>
        </li>
      </ul>
    </DashboardPanel>
  );
}
