import {
  ArrowRight,
  Check,
  Flame,
  Heart,
  type LucideIcon,
  ShieldCheck,
  Target,
} from 'lucide-react';
import { Link } from 'react-router';

import { PageHeader } from '../../components/page-header';
import { CtaPanel, IconTileBody, StatsList } from './marketing-ui';

interface Value {
  icon: LucideIcon;
  title: string;
  description: string;
}

const VALUES: readonly Value[] = [
  {
    icon: Target,
    title: 'Focus over busyness',
    description:
      'A good day is not the one with the longest list. Daywise helps you pick what matters and see it through.',
  },
  {
    icon: Flame,
    title: 'Small steps, every day',
    description:
      'Progress comes from showing up. Streaks, daily plans and honest charts make small wins visible.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by default',
    description:
      'Your profile starts private, activity tracking can be switched off, and we never sell your data.',
  },
  {
    icon: Heart,
    title: 'Better together',
    description:
      'Goals are easier with a friend. Chat, share a daily plan and cheer each other on, without a noisy feed.',
  },
];

const DIFFERENTIATORS = [
  'Todos, daily goal plans, reminders and progress charts in one app instead of four.',
  'Built for individuals and their friends, not for office teams or managers.',
  'Your profile is private until you choose to make it visible to friends or everyone.',
  'No ads and no third-party trackers. Analytics are for you alone and can be turned off.',
  'Works in any modern browser on your phone, tablet or computer, with nothing to install.',
  'Light, dark or system theme, so it is comfortable to use at any hour.',
] as const;

const TEAM_STATS = [
  { value: '2026', label: 'Founded' },
  { value: '6', label: 'People on our remote team' },
  { value: '30+', label: 'Countries with Daywise users' },
  { value: '4.5', label: 'Average user rating' },
] as const;

const linkButton =
  'inline-flex items-center justify-center gap-2 rounded-lg px-6 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export default function AboutPage() {
  return (
    <main>
      <PageHeader title="About Daywise">
        We build a calm, honest productivity app for people who want to plan their days, finish what
        matters and grow a few good habits along the way.
      </PageHeader>

      <section aria-labelledby="story-title" className="px-4 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="story-title" className="text-3xl font-bold tracking-tight">
              Our story
            </h2>
            <div className="mt-6 space-y-4 text-lg text-gray-700 dark:text-gray-300">
              <p>
                Daywise started in 2026 with a simple frustration: our todos lived in one app, our
                daily goals in a notebook and our progress nowhere at all. Every evening we wondered
                where the day had gone.
              </p>
              <p>
                So we built one place for all of it: a todo list with reminders, a plan for each
                day, charts that show what you actually got done, and a way to bring a friend along.
                Today a small remote team works on Daywise full time, guided by feedback from the
                people who use it every day.
              </p>
            </div>
          </div>
          <figure className="rounded-2xl border border-gray-200 bg-blue-50 p-8 dark:border-gray-800 dark:bg-gray-900">
            <blockquote className="text-xl font-medium text-gray-900 dark:text-white">
              “We wanted an app that makes you feel good about your day, not guilty about your
              list.”
            </blockquote>
            <figcaption className="mt-4 text-gray-700 dark:text-gray-300">
              The Daywise team
            </figcaption>
          </figure>
        </div>
      </section>

      <section
        aria-labelledby="values-title"
        className="border-y border-gray-200 bg-gray-50 px-4 py-16 dark:border-gray-800 dark:bg-gray-900"
      >
        <div className="mx-auto max-w-6xl">
          <h2 id="values-title" className="text-center text-3xl font-bold tracking-tight">
            What we value
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon, title, description }) => (
              <li
                key={title}
                className="rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-950"
              >
                <IconTileBody icon={icon} title={title} description={description} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="different-title" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="different-title" className="text-3xl font-bold tracking-tight">
              What makes Daywise different
            </h2>
            <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
              There are plenty of task apps. Here is why people choose this one.
            </p>
          </div>
          <ul className="mx-auto mt-10 grid max-w-4xl gap-4 md:grid-cols-2">
            {DIFFERENTIATORS.map((item) => (
              <li
                key={item}
                className="flex items-start gap-3 rounded-2xl border border-gray-200 p-5 dark:border-gray-800"
              >
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white">
                  <Check aria-hidden className="size-4" />
                </span>
                <span className="text-gray-800 dark:text-gray-200">{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="team-title" className="bg-blue-700 px-4 py-14 dark:bg-blue-900">
        <div className="mx-auto max-w-6xl">
          <h2 id="team-title" className="text-center text-2xl font-bold text-white">
            The team in numbers
          </h2>
          <StatsList
            stats={TEAM_STATS}
            className="mt-8 grid grid-cols-2 gap-8 text-center md:grid-cols-4"
          />
        </div>
      </section>

      <CtaPanel
        id="about-cta-title"
        title="Plan a better day, starting today"
        text="Creating an account is free and takes a minute. Questions first? We are happy to help."
        className="px-4 py-16"
      >
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/signup" className={`${linkButton} bg-blue-600 text-white hover:bg-blue-700`}>
            Create your free account
            <ArrowRight aria-hidden className="size-5" />
          </Link>
          <Link
            to="/contact"
            className={`${linkButton} border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-700 dark:bg-gray-950 dark:text-white dark:hover:bg-gray-800`}
          >
            Contact us
          </Link>
        </div>
      </CtaPanel>
    </main>
  );
}
