import { EMAIL_PATTERN, MESSAGES } from '@daywise/shared';
import {
  ArrowRight,
  Bell,
  ChartColumn,
  CircleCheck,
  CirclePlay,
  Flame,
  ListTodo,
  type LucideIcon,
  Mail,
  Target,
  Users,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { inputClass } from '../../components/form-field';
import { Link } from '../../components/link';
import { CtaPanel, IconTileBody, StatsList } from './marketing-ui';

/** Where the home page's call-to-action box keeps the addresses it collects. */
const CTA_STORAGE_KEY = 'daywise-cta-emails';
const CTA_THANKS = "Thanks! We'll keep you posted.";

const FEATURES_SECTION_ID = 'features-overview';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: ListTodo,
    title: 'Todos & Reminders',
    description:
      'Capture tasks with a priority, a due date and a reminder time. Overdue and due-today badges keep the urgent ones in sight, and a browser notification nudges you when it is time.',
  },
  {
    icon: Target,
    title: 'Daily Goals & Tags',
    description:
      'Give each day its own plan, add the tasks that matter and label them with colour tags. A progress bar and per-tag progress show how the day is going.',
  },
  {
    icon: ChartColumn,
    title: 'Analytics & Streaks',
    description:
      'Weekly, monthly and yearly charts show what you got done. Daily streaks and a fresh tip or quote each day help you keep going.',
  },
  {
    icon: Users,
    title: 'Friends & Shared Plans',
    description:
      'Add friends, chat one to one and plan a day together: both of you can add tasks to a shared plan and tick them off.',
  },
];

const STATS = [
  { value: '1K+', label: 'Active Users' },
  { value: '10K+', label: 'Tasks Completed' },
  { value: '99.9%', label: 'Uptime' },
  { value: '4.5', label: 'Rating' },
] as const;

// The chips follow the Badge tones: 100/800 in light, 950/200 in dark, both well above AA.
const PREVIEW_TASKS = [
  {
    title: 'Morning run',
    tag: 'Health',
    tagClass: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
    done: true,
  },
  {
    title: 'Finish project outline',
    tag: 'Work',
    tagClass: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
    done: true,
  },
  {
    title: 'Call Grandma',
    tag: 'Family',
    tagClass: 'bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200',
    done: false,
  },
] as const;

/** Adds an address to the list kept in this browser; storage errors are ignored. */
function rememberEmail(email: string) {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CTA_STORAGE_KEY) ?? '[]');
    const emails = Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === 'string')
      : [];
    localStorage.setItem(CTA_STORAGE_KEY, JSON.stringify([...emails, email]));
  } catch {
    // Private mode, a full quota or a corrupt value: the box still thanks the visitor.
  }
}

function scrollToFeatures() {
  const section = document.getElementById(FEATURES_SECTION_ID);
  if (!section) {
    return;
  }
  const reduceMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen reader users continue from the section they were taken to.
  section.focus({ preventScroll: true });
}

/** A static picture of a daily plan, shown beside the hero on larger screens. */
function PlanPreview() {
  return (
    <Card
      role="img"
      aria-label="Preview of a Daywise daily plan with two of three tasks done"
      className="hidden p-6 shadow-xl shadow-blue-900/5 md:block"
    >
      <div className="flex items-center justify-between">
        <div>
          <p className="text-sm font-medium text-gray-600 dark:text-gray-300">Today's plan</p>
          <p className="text-lg font-semibold text-gray-900 dark:text-white">A focused Friday</p>
        </div>
        <span className="flex items-center gap-1 rounded-full bg-orange-100 px-3 py-1 text-sm font-semibold text-orange-800 dark:bg-orange-950 dark:text-orange-200">
          <Flame aria-hidden className="size-4" />5 days
        </span>
      </div>
      <div className="mt-5">
        <div className="flex justify-between text-sm text-gray-700 dark:text-gray-300">
          <span>Progress</span>
          <span>2 of 3</span>
        </div>
        <div className="mt-2 h-2 rounded-full bg-gray-200 dark:bg-gray-800">
          <div className="h-2 w-2/3 rounded-full bg-blue-600" />
        </div>
      </div>
      <ul className="mt-5 space-y-3">
        {PREVIEW_TASKS.map((task) => (
          <li
            key={task.title}
            className="flex items-center gap-3 rounded-xl border border-gray-200 px-3 py-2.5 dark:border-gray-800"
          >
            <CircleCheck
              aria-hidden
              className={`size-5 shrink-0 ${
                task.done ? 'text-blue-600 dark:text-blue-400' : 'text-gray-500 dark:text-gray-400'
              }`}
            />
            <span
              className={`flex-1 text-sm ${
                task.done
                  ? 'text-gray-600 line-through dark:text-gray-300'
                  : 'font-medium text-gray-900 dark:text-white'
              }`}
            >
              {task.title}
            </span>
            <Badge tone="none" className={task.tagClass}>
              {task.tag}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="mt-5 flex items-center gap-2 rounded-xl bg-blue-50 px-3 py-2.5 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">
        <Bell aria-hidden className="size-4 shrink-0" />
        Reminder at 18:00: Call Grandma
      </p>
    </Card>
  );
}

/** The call-to-action box: keeps the address in this browser only and sends nothing. */
function KeepMePostedForm() {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setThanked(false);
      setError(value === '' ? MESSAGES.emailRequired : MESSAGES.emailInvalid);
      return;
    }
    rememberEmail(value);
    setEmail('');
    setError(null);
    setThanked(true);
  };

  return (
    <form onSubmit={onSubmit} className="mx-auto mt-8 max-w-xl text-left">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
            setThanked(false);
          }}
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': errorId } : {})}
          className={`${inputClass} sm:flex-1`}
        />
        <Button type="submit">
          <Mail aria-hidden className="size-4" />
          Keep me posted
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p role="status" className="mt-2 text-sm font-medium text-green-800 dark:text-green-300">
        {thanked ? CTA_THANKS : ''}
      </p>
    </form>
  );
}

/** The small pulsing dot in the hero's badge. */
function PulseDot() {
  return (
    <span aria-hidden className="relative flex size-2">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-blue-500 opacity-75 motion-reduce:animate-none" />
      <span className="relative inline-flex size-2 rounded-full bg-blue-600" />
    </span>
  );
}

export default function HomePage() {
  return (
    <main>
      <section className="bg-gradient-to-b from-blue-50 to-white px-4 pt-16 pb-20 sm:pt-24 dark:from-gray-900 dark:to-gray-950">
        <div className="mx-auto grid max-w-6xl items-center gap-12 md:grid-cols-2">
          <div className="text-center md:text-left">
            <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-sm font-medium text-blue-800 dark:border-blue-900 dark:bg-gray-900 dark:text-blue-200">
              <PulseDot />
              Your personal productivity app
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Plan your day.{' '}
              <span className="block text-blue-700 dark:text-blue-400">Finish what matters.</span>
            </h1>
            <p className="mt-6 text-lg text-gray-700 dark:text-gray-300">
              Daywise brings your todos, daily goal plans, reminders and progress charts into one
              calm place, with friends to share the journey. Free to use, in any browser.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center md:justify-start">
              <Link
                to="/signup"
                className="inline-flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-6 py-3 text-base font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                Get Started
                <ArrowRight aria-hidden className="size-5" />
              </Link>
              <Button onClick={scrollToFeatures} variant="surface" size="lg">
                <CirclePlay aria-hidden className="size-5 text-blue-600 dark:text-blue-400" />
                Watch Demo
              </Button>
            </div>
          </div>
          <PlanPreview />
        </div>
      </section>

      <section
        id={FEATURES_SECTION_ID}
        tabIndex={-1}
        aria-labelledby="features-overview-title"
        className="scroll-mt-20 px-4 py-20 outline-none"
      >
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-overview-title" className="text-3xl font-bold tracking-tight">
              Everything you need for a focused day
            </h2>
            <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
              Four parts that work together, from the first todo of the morning to the streak you
              keep at night.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon, title, description }) => (
              <Card as="li" key={title} className="p-6 shadow-sm">
                <IconTileBody icon={icon} title={title} description={description} />
              </Card>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <Link
              to="/features"
              className="inline-flex items-center gap-1 rounded font-semibold text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
            >
              See all features
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="stats-title" className="bg-blue-700 px-4 py-14 dark:bg-blue-900">
        <div className="mx-auto max-w-6xl">
          <h2 id="stats-title" className="sr-only">
            Daywise in numbers
          </h2>
          <StatsList
            stats={STATS}
            className="grid grid-cols-2 gap-8 text-center md:grid-cols-4"
            valueClassName="sm:text-5xl"
          />
        </div>
      </section>

      <CtaPanel
        id="cta-title"
        title="Stay in the loop"
        text={
          <>
            Leave your email address and we'll keep you posted on new features. Ready to start now?{' '}
            <Link
              to="/signup"
              className="rounded font-semibold text-blue-700 underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
            >
              Create a free account
            </Link>
            .
          </>
        }
        className="px-4 py-20"
      >
        <KeepMePostedForm />
      </CtaPanel>
    </main>
  );
}
