import { Link } from 'react-router';

import { BulletList, LegalPage, LegalSection, type LegalSectionInfo, textLink } from './legal-page';

const SECTIONS = {
  acceptance: { id: 'acceptance', title: 'Acceptance of Terms' },
  service: { id: 'service', title: 'Description of Service' },
  accounts: { id: 'accounts', title: 'User Accounts' },
  use: { id: 'use', title: 'Acceptable Use' },
  changes: { id: 'changes', title: 'Changes and Contact' },
} satisfies Record<string, LegalSectionInfo>;

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated="November 21, 2026"
      sections={Object.values(SECTIONS)}
      intro={
        <>
          These Terms describe the agreement between you and Daywise when you use our website and
          app. We have kept them as short and clear as we can. Please read them together with our{' '}
          <Link to="/privacy" className={textLink}>
            Privacy Policy
          </Link>
          .
        </>
      }
    >
      <LegalSection section={SECTIONS.acceptance}>
        <p>
          By creating an account or using Daywise you agree to these Terms and to our Privacy
          Policy. If you do not agree, please do not use Daywise.
        </p>
        <p>
          You must be at least 16 years old, or the minimum age for using online services without
          parental consent where you live, to create an account.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.service}>
        <p>
          Daywise is a personal productivity web app that runs in your browser. With an account you
          can:
        </p>
        <BulletList>
          <li>keep todos with priorities, due dates and reminders;</li>
          <li>create a daily goal plan with tasks and colour tags for each day;</li>
          <li>follow your completions, charts and streaks;</li>
          <li>add friends, chat one to one and share daily plans with them;</li>
          <li>manage your profile, privacy settings and theme.</li>
        </BulletList>
        <p>
          Daywise is free to use. If we ever introduce paid options, we will announce them in
          advance and describe them in these Terms before any charge applies.
        </p>
        <p>
          We work hard to keep Daywise available and your data safe, but the service is provided
          &ldquo;as is&rdquo;. It may occasionally be unavailable for maintenance, and we may
          improve, change or retire features over time. Reminders rely on your browser and device
          allowing notifications, so please do not depend on Daywise alone for anything critical.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.accounts}>
        <BulletList>
          <li>
            You sign up with your name, an email address and a password. You must verify your email
            address before you can log in; the verification link expires after 5 minutes, and you
            can request a new one.
          </li>
          <li>
            One account per person. Please give accurate details and use an email address you can
            reach, as it is how you verify and recover your account.
          </li>
          <li>
            Keep your password safe and do not share it. Choose one with at least 8 characters,
            including an uppercase letter, a lowercase letter and a number. You are responsible for
            what happens under your account.
          </li>
          <li>
            If you forget your password, use the Forgot Password page; the reset link is valid for 1
            hour. If you think someone else has access to your account, reset your password and{' '}
            <Link to="/contact" className={textLink}>
              contact us
            </Link>
            .
          </li>
          <li>
            You can delete your account from Settings at any time and restore it from the Restore
            Account page. We may suspend an account that breaks these Terms.
          </li>
        </BulletList>
      </LegalSection>

      <LegalSection section={SECTIONS.use}>
        <p>
          Daywise is for planning your own days and supporting your friends. When you use it, you
          agree not to:
        </p>
        <BulletList>
          <li>harass, threaten, insult or abuse other people in chat or shared plans;</li>
          <li>send spam, mass friend requests or unsolicited advertising;</li>
          <li>
            upload content that is illegal, hateful or sexually explicit, or that you do not have
            the right to share, including profile pictures;
          </li>
          <li>pretend to be someone else or create accounts for other people;</li>
          <li>
            try to access other people&rsquo;s accounts or data, or to probe, overload or disrupt
            Daywise, including with automated tools;
          </li>
          <li>use Daywise for anything that breaks the law.</li>
        </BulletList>
        <p>
          What you create in Daywise stays yours. You allow us to store it and show it to the people
          you choose, only so that we can provide the service to you.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.changes}>
        <p>
          We may update these Terms as Daywise grows. When we do, we change the date at the top of
          this page, and we announce significant changes in the app before they take effect.
          Continuing to use Daywise after that means you accept the updated Terms.
        </p>
        <p>
          Questions about these Terms? Please{' '}
          <Link to="/contact" className={textLink}>
            contact us
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
