import { describe, expect, it } from 'vitest';

import {
  accountRestoreEmail,
  passwordResetEmail,
  renderEmail,
  verificationEmail,
} from './templates';

describe('email templates', () => {
  it('escape every value in the HTML version', () => {
    const email = renderEmail({
      subject: 'Hi',
      greeting: 'Hi <script>alert(1)</script>,',
      paragraphs: ['Tom & "Jerry"'],
      action: { label: 'Open', url: 'https://daywise.test/?a=1&b="x"' },
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(email.html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(email.html).toContain('href="https://daywise.test/?a=1&amp;b=&quot;x&quot;"');
    expect(email.text).toContain('https://daywise.test/?a=1&b="x"');
  });

  it.each([
    ['verification', verificationEmail, '5 minutes'],
    ['password reset', passwordResetEmail, '1 hour'],
    ['account restore', accountRestoreEmail, '1 hour'],
  ])(
    '%s email names its lifetime and carries the link alone on a line',
    (_name, build, lifetime) => {
      const url = 'https://daywise.test/x?userId=u1&secret=s1';
      const email = build(url);
      expect(email.text).toContain(`expires in ${lifetime}`);
      expect(email.text.split('\n')).toContain(url);
      // No user-chosen text: a sign-up name could carry a phishing line (ADR 0013).
      expect(email.text.startsWith('Hi,\n')).toBe(true);
    },
  );
});
