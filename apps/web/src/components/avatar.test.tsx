import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { Avatar, colorOf, directUrl, initialsOf } from './avatar';

describe('Avatar', () => {
  it('retries the direct file URL, then draws the initials', () => {
    const { container } = renderWithProviders(
      <Avatar name="Ada Lovelace" src="/api/users/u1/picture?v=abc123" size={64} />,
    );
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image).toHaveAttribute('src', '/api/users/u1/picture?v=abc123');

    fireEvent.error(image);
    const retried = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(retried.tagName).toBe('IMG');
    expect(retried).toHaveAttribute('src', '/api/users/u1/picture');

    fireEvent.error(retried);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('goes straight to the initials when there is no picture or no version to drop', () => {
    const { rerender } = renderWithProviders(<Avatar name="grace" src={null} />);
    expect(screen.getByRole('img', { name: 'grace' })).toHaveTextContent('G');

    rerender(<Avatar name="grace" src="blob:http://localhost/preview" />);
    const image = screen.getByRole('img', { name: 'grace' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'grace' })).toHaveTextContent('G');
  });

  it('is hidden from screen readers when decorative', () => {
    const { container } = renderWithProviders(
      <Avatar name="Ada Lovelace" src="/p.png?v=1" decorative />,
    );
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('makes initials and colours deterministically', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  ada  king lovelace ')).toBe('AL');
    expect(initialsOf('')).toBe('U');
    expect(colorOf('Ada Lovelace')).toBe(colorOf('Ada Lovelace'));
    expect(directUrl('/api/users/u1/picture?v=9&x=1')).toBe('/api/users/u1/picture?x=1');
  });
});
