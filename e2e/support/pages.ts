/** Every public page, with the heading that shows it has loaded. */
export const PUBLIC_PAGES = [
  { path: '/', heading: /Plan your day/ },
  { path: '/about', heading: 'About Daywise' },
  { path: '/features', heading: 'Features' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/feedback', heading: 'Share Your Feedback' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/signup', heading: 'Create Your Account' },
  { path: '/forgot-password', heading: 'Forgot Password?' },
  { path: '/restore-account', heading: 'Restore Account' },
  { path: '/verification-recovery', heading: 'Recover Your Account' },
] as const;
