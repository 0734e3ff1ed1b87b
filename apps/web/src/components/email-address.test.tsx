import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { EmailAddress, emailSegments } from './email-address';

describe('emailSegments', () => {
  it('cuts after each @ and dot only', () => {
    expect(emailSegments('ada@example.co.uk')).toEqual(['ada@', 'example.', 'co.', 'uk']);
    expect(emailSegments('first.last@x.io')).toEqual(['first.', 'last@', 'x.', 'io']);
    expect(emailSegments('plain')).toEqual(['plain']);
    expect(emailSegments('')).toEqual(['']);
    expect(emailSegments('ada@example.co.uk').join('')).toBe('ada@example.co.uk');
  });
});

describe('EmailAddress', () => {
  const long = 'a-very-long-mailbox-name-that-never-ends@some-company.example.com';

  it('on one line, truncates with the full address as its text and title', () => {
    render(<EmailAddress email={long} />);
    const shown = screen.getByTitle(long);
    expect(shown).toHaveTextContent(long);
    expect(shown).toHaveClass('truncate');
    expect(shown.querySelector('wbr')).toBeNull();
  });

  it('wrapping, offers a break only after @ and dots, each part truncating if still too long', () => {
    render(<EmailAddress email={long} wrap />);
    const shown = screen.getByTitle(long);
    expect(shown).toHaveTextContent(long);
    expect(shown.querySelectorAll('wbr')).toHaveLength(3);
    const parts = [...shown.querySelectorAll('span')];
    expect(parts.map((part) => part.textContent)).toEqual([
      'a-very-long-mailbox-name-that-never-ends@',
      'some-company.',
      'example.',
      'com',
    ]);
    for (const part of parts) {
      expect(part).toHaveClass('truncate', 'max-w-full', 'inline-block');
    }
  });
});
