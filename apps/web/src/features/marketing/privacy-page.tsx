import { Link } from 'react-router';

import { BulletList, LegalPage, LegalSection, type LegalSectionInfo, textLink } from './legal-page';

const SECTIONS = {
  collection: { id: 'collection', title: 'Information We Collect' },
  usage: { id: 'usage', title: 'How We Use Information' },
  protection: { id: 'protection', title: 'How We Protect Information' },
  rights: { id: 'rights', title: 'Your Rights' },
  questions: { id: 'questions', title: 'Questions' },
} satisfies Record<string, LegalSectionInfo>;

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated="November 21, 2026"
      sections={Object.values(SECTIONS)}
      intro={
        <>
          Daywise is a personal productivity app. To do its job it has to keep your todos, plans and
          messages, and we take that trust seriously. This policy explains, in plain words, what we
          collect, why, how we keep it safe and what you can do about it.
        </>
      }
    >
      <LegalSection section={SECTIONS.collection}>
        <p>We only collect what Daywise needs to work:</p>
        <BulletList>
          <li>
            <strong className="text-gray-900 dark:text-white">Account details:</strong> your name,
            your email address and your password. The password is stored only as a secure hash,
            never in readable form, so nobody at Daywise can see it.
          </li>
          <li>
            <strong className="text-gray-900 dark:text-white">What you create:</strong> todos, daily
            goal plans, tasks, tags, reminders, completion records, friend requests, chat messages
            and shared plans. These are stored on our servers so they are there whenever you sign
            in.
          </li>
          <li>
            <strong className="text-gray-900 dark:text-white">Profile details:</strong> an optional
            picture, bio, location and website. Pictures are re-encoded when you upload them, which
            removes hidden metadata such as camera details or the place the photo was taken.
          </li>
          <li>
            <strong className="text-gray-900 dark:text-white">Activity data:</strong> when you
            complete tasks we record the date so we can show your charts and streaks. You can turn
            activity tracking off at any time in Settings.
          </li>
          <li>
            <strong className="text-gray-900 dark:text-white">Messages to us:</strong> what you send
            through the contact or feedback forms, so we can read and answer it.
          </li>
        </BulletList>
        <p>
          The &ldquo;Keep me posted&rdquo; box on our home page keeps your address in your own
          browser only. It is not sent to us.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.usage}>
        <p>We use your information to run Daywise for you, and for nothing else:</p>
        <BulletList>
          <li>to sign you in and show you your own todos, plans, charts and conversations;</li>
          <li>
            to deliver your messages and shared plans to the friends you chose, and to show your
            profile according to the visibility you set;
          </li>
          <li>
            to send email only when it is needed for your account: to verify your address, to reset
            your password or to restore a deleted account;
          </li>
          <li>to answer your questions and improve Daywise based on the feedback you send.</li>
        </BulletList>
        <p>
          We do not sell, rent or trade your personal data. We show no advertising and we run no
          third-party trackers or advertising scripts. Your analytics are calculated for you and
          shown only to you.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.protection}>
        <BulletList>
          <li>All traffic between your browser and Daywise is encrypted with HTTPS.</li>
          <li>Passwords are stored only as hashes and are never sent back to your browser.</li>
          <li>
            Role-based permissions control access to every record, so your todos, plans and settings
            can be read only by you, and a chat or shared plan only by the two people in it.
          </li>
          <li>
            Profile pictures are served from a public link so that they can be shown next to your
            name. Please do not upload a picture you want to keep private.
          </li>
          <li>
            We use cookies only to keep you signed in during your session. There are no advertising
            or tracking cookies.
          </li>
        </BulletList>
        <p>
          No system is perfectly secure, but if we ever learn of a breach that affects your data we
          will tell you promptly and explain what we are doing about it.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.rights}>
        <p>Your data belongs to you. At any time you can:</p>
        <BulletList>
          <li>see and edit your profile, todos, plans and tags in the app;</li>
          <li>
            choose who sees your profile: it is private by default, and you can make it visible to
            friends only or to everyone;
          </li>
          <li>turn activity tracking off in Settings, which also switches analytics off;</li>
          <li>turn reminders and notifications on or off;</li>
          <li>
            delete your account from Settings. Deletion is soft at first: you can bring your account
            back from the Restore Account page. Data of an account that is not restored is then
            removed for good.
          </li>
        </BulletList>
        <p>
          If you want a copy of your data or need help with any of these rights, write to us and we
          will answer within 30 days.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.questions}>
        <p>
          Questions about this policy or about your data? Please{' '}
          <Link to="/contact" className={textLink}>
            contact us
          </Link>
          . You can also read our{' '}
          <Link to="/terms" className={textLink}>
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
