/** One question and its answer on the FAQ page. */
export interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ: four categories of four questions, in the order the page shows them. */
export const FAQ_CATEGORIES: readonly { name: string; questions: readonly FaqItem[] }[] = [
  {
    name: 'General Questions',
    questions: [
      {
        question: 'What is Daywise?',
        answer:
          'Daywise is a personal productivity web app. It brings together todos with priorities, due dates and reminders, a daily goal plan for each day, charts and streaks that show your progress, and friends you can chat and share plans with.',
      },
      {
        question: 'Who is Daywise for?',
        answer:
          'Daywise is made for individuals who want to organise their own days: students, freelancers, parents and anyone building better habits. It is a personal app rather than a team workspace, but you can add friends, chat with them and share daily plans.',
      },
      {
        question: 'Who can see my profile?',
        answer:
          'Your profile is private by default. In Settings, under Privacy & Security, you can change Profile Visibility to Friends Only or Public. Your todos, plans and analytics are never shown to anyone else; only shared plans and chats are visible to the friend involved.',
      },
      {
        question: 'Does Daywise work on my phone?',
        answer:
          'Yes. Daywise runs in the browser on your phone or tablet, and the layout adapts to small screens. There is nothing to install: open the website in your mobile browser and sign in.',
      },
    ],
  },
  {
    name: 'Account & Billing',
    questions: [
      {
        question: 'Is Daywise free?',
        answer:
          'Yes. The free plan includes every feature, from todos and reminders to daily plans, analytics, friends and chat, for up to 3 team members, and no credit card is needed. Premium plans come with a 30-day refund guarantee. On any plan your data stays yours: export it whenever you like as CSV, JSON or PDF from Settings.',
      },
      {
        question: 'How do I verify my email?',
        answer:
          'After you sign up we send a verification link to your email address. Open it to verify your account and you will be signed in. The link expires after 5 minutes; if it runs out, use the Resend Verification Email button on the Check Your Email screen to get a new one. You need a verified email address to log in.',
      },
      {
        question: 'How do I reset my password?',
        answer:
          'Use the forgot-password link on the login page, enter your email address and we will send you a reset link. The link is valid for 1 hour. Choose a new password with at least 8 characters, including an uppercase letter, a lowercase letter and a number.',
      },
      {
        question: 'Can I restore a deleted account?',
        answer:
          'Yes. Deleting your account from Settings is not immediate and final: go to the Restore Account page, linked from the login page, and enter the email address of the account. Once it is restored you can log in again.',
      },
    ],
  },
  {
    name: 'Features & Functionality',
    questions: [
      {
        question: 'How do reminders work?',
        answer:
          "Give a todo or a daily plan task a reminder time, and Daywise reminds you when that time comes: in the open page, by email while Email Notifications is on, and as a notification on each device where you turned on 'Push notifications on this device' in Settings, even with Daywise closed. Make sure Task Reminders is switched on in Settings; the Test Notification button lets you check that everything works.",
      },
      {
        question: 'What are daily goal plans?',
        answer:
          'A daily goal plan is a plan for one specific day, with a title, an optional description and a list of tasks. Each task can have a priority, a colour tag and a reminder. A progress bar and per-tag progress show how your day is going, and Daily Completions lets you look back over the last 7, 30 or 90 days.',
      },
      {
        question: 'Can I share a plan with a friend?',
        answer:
          'Yes. Once you are friends, open Social, go to the Shared Plans tab and click Create Plan. Give the plan a title and a target date and choose the friend to share it with. You can both add tasks and tick them off, and each task shows who added it.',
      },
      {
        question: 'Can I turn off analytics and activity tracking?',
        answer:
          'Yes. In Settings, under Privacy & Security, switch Activity Tracking off. Your dashboard charts and analytics are then hidden until you switch it back on. Your todos and plans keep working as usual.',
      },
    ],
  },
  {
    name: 'Technical Support',
    questions: [
      {
        question: 'Which browsers are supported?',
        answer:
          'Daywise works in current versions of Chrome, Edge, Firefox and Safari on desktop and mobile. JavaScript must be enabled. Reminder notifications need a browser that supports notifications and your permission to show them.',
      },
      {
        question: 'How do I switch to dark mode?',
        answer:
          'Use the sun and moon toggle in the navigation bar to switch between light and dark. To follow your device setting automatically, choose System under Theme in Settings.',
      },
      {
        question: "I didn't get the verification email. What should I do?",
        answer:
          'First check your spam or junk folder and make sure you typed your address correctly. Then use the Resend Verification Email button on the Check Your Email screen. If your link has expired or verification seems stuck, use the account recovery page with your email and password, or contact us.',
      },
      {
        question: 'Why am I not getting reminder notifications?',
        answer:
          'Check that your browser allows notifications for Daywise, that Task Reminders is switched on in Settings and that your device is not in a do-not-disturb mode. Then press Test Notification in Settings: if the test appears, your reminders will too.',
      },
    ],
  },
];
