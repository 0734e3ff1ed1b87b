import {
  ArrowRight,
  BellRing,
  ChartColumn,
  Check,
  Flame,
  ListTodo,
  type LucideIcon,
  MessagesSquare,
  ShieldCheck,
  Tags,
  Target,
} from 'lucide-react';
import { Link } from 'react-router';

import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';

interface FeatureCard {
  icon: LucideIcon;
  title: string;
  description: string;
  points: readonly string[];
}

/** The eight feature cards, each describing something the signed-in app does. */
const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    icon: ListTodo,
    title: 'Smart Todos',
    description: 'Capture every task with the details that help you decide what comes first.',
    points: [
      'High, medium and low priorities, due dates and colour tags',
      'Repeats every day, weekday, week or month, or days after you finish',
      'Quick add in one line: "Pay rent on the 1st every month !high"',
      'Search, filters and keyboard shortcuts for everything you do often',
    ],
  },
  {
    icon: BellRing,
    title: 'Reminders & Notifications',
    description: 'Get a gentle nudge at the moment you chose, wherever you are.',
    points: [
      'Set a reminder time on todos and plan tasks',
      'Reminders by email and as push notifications, even with Daywise closed',
      'Send a test notification to check it works',
      'Switch task reminders on or off in Settings',
    ],
  },
  {
    icon: Target,
    title: 'Daily Goal Plans',
    description: 'Give each day a plan with a title, a purpose and the tasks that get you there.',
    points: [
      'One plan per day with a title and description',
      'Tasks with priorities and their own reminders',
      'A progress bar that fills as you tick tasks off',
      'Edit or replace the plan whenever your day changes',
    ],
  },
  {
    icon: Tags,
    title: 'Colour Tags',
    description: 'Group your plan tasks by the areas of life they belong to.',
    points: [
      'Create your own tags in ten preset colours',
      'Tag every task in a daily plan',
      'Category progress shows how each area is going',
      'Rename, recolour or delete tags at any time',
    ],
  },
  {
    icon: ChartColumn,
    title: 'Analytics & Charts',
    description: 'See what you actually got done, not just what you planned.',
    points: [
      'Charts for this week, this month and this year',
      'Completion history for the last 7, 30 or 90 days',
      'Trend and by-category charts for your daily goals',
      'Recent performance at a glance, colour-coded by result',
    ],
  },
  {
    icon: Flame,
    title: 'Streaks & Motivation',
    description: 'Keep the momentum going with streaks and a little daily encouragement.',
    points: [
      'Streaks for your habits, with freezes you earn and days off',
      'Your top streaks and total completions on the dashboard',
      'A productivity tip or motivational quote every day',
      'Ask for a new tip whenever you need one',
    ],
  },
  {
    icon: MessagesSquare,
    title: 'Friends, Chat & Shared Plans',
    description: 'Bring a friend along and reach your goals together.',
    points: [
      'Find people by name or email and send friend requests',
      'One-to-one chat with your friends',
      'Edit a message within 5 minutes of sending it, or delete it',
      'Shared daily plans where both of you add and tick off tasks',
    ],
  },
  {
    icon: ShieldCheck,
    title: 'Privacy, Data & Themes',
    description: 'Decide who sees what, keep your data yours, and make the app look your way.',
    points: [
      'Profile visibility: private by default, friends only or public',
      'Export everything as JSON, CSV or PDF; import from Todoist and TickTick',
      'A private calendar feed and API tokens for your own scripts',
      'Light, dark or system theme that follows your device',
      'Delete your account at any time, and restore it if you change your mind',
    ],
  },
];

export default function FeaturesPage() {
  return (
    <main>
      <PageHeader title="Features">
        Everything Daywise does to help you plan your day, keep your promises to yourself and share
        the journey with friends.
      </PageHeader>

      <div className="px-4 py-16">
        <ul className="mx-auto grid max-w-6xl gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {FEATURE_CARDS.map(({ icon: Icon, title, description, points }) => (
            <Card as="li" key={title} className="flex flex-col p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon aria-hidden className="size-6" />
              </span>
              <h2 className="mt-4 text-xl font-semibold">{title}</h2>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{description}</p>
              <ul className="mt-5 space-y-2.5 border-t border-gray-200 pt-5 dark:border-gray-800">
                {points.map((point) => (
                  <li
                    key={point}
                    className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300"
                  >
                    <Check
                      aria-hidden
                      className="mt-0.5 size-4 shrink-0 text-blue-600 dark:text-blue-400"
                    />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </ul>
      </div>

      <section aria-labelledby="features-cta-title" className="px-4 pb-20">
        <div className="mx-auto max-w-4xl rounded-2xl bg-blue-700 px-6 py-12 text-center sm:px-12 dark:bg-blue-900">
          <h2 id="features-cta-title" className="text-3xl font-bold tracking-tight text-white">
            Try every feature for free
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
            Sign up with your email address, verify it, and your first daily plan is a minute away.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/signup"
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Get Started
              <ArrowRight aria-hidden className="size-5" />
            </Link>
            <Link
              to="/faq"
              className="inline-flex items-center justify-center rounded-lg border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Read the FAQ
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
