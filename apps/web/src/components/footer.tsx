import { Link } from './link';
import { Logo } from './navbar';

const QUICK_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/contact', label: 'Contact' },
  { to: '/feedback', label: 'Feedback' },
] as const;

const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;

// social links with placeholder targets; we point at the networks' home pages.
const SOCIAL_LINKS = [
  { href: 'https://github.com', label: 'GitHub' },
  { href: 'https://x.com', label: 'X' },
  { href: 'https://www.linkedin.com', label: 'LinkedIn' },
] as const;

const footerLink =
  'rounded text-sm text-gray-600 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-300 dark:hover:text-blue-300';

/** A titled column of the site's own links. */
function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold">
        {title}
      </h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer: Quick Links, Legal, social links. */
export function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-gray-600 dark:text-gray-300">
            Plan your day, finish what matters, and keep your streak going.
          </p>
        </div>
        <FooterLinks id="footer-quick-links" title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks id="footer-legal" title="Legal" links={LEGAL_LINKS} />
        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-3 text-sm font-semibold">
            Follow Us
          </h2>
          <ul className="space-y-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={footerLink}
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-sm text-gray-600 dark:border-gray-800 dark:text-gray-300">
        © {new Date().getFullYear()} Daywise. All rights reserved.
      </p>
    </footer>
  );
}
