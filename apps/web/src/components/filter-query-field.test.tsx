import { listsApi, tagsApi } from '@daywise/shared/api';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { QueryField } from './filter-query-field';

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <QueryField value={value} onChange={setValue} />;
}

function renderField(initial: string) {
  fakeApi()
    .on(listsApi.list, { inbox: { openCount: 0 }, lists: [] })
    .on(tagsApi.list, [
      { id: 'g1', name: 'work', color: '#EF4444', createdAt: '2026-11-20T10:00:00.000Z' },
    ] as never);
  return renderWithProviders(<Field initial={initial} />, { session: null });
}

describe('the query field', () => {
  it('marks where the query stops parsing, and puts the caret there on request', async () => {
    const { user } = renderField('today & (p1 | ) & @work');
    const query = screen.getByRole('combobox', { name: 'Query' });
    expect(screen.getByText("Expected a term after '|' at 14")).toBeInTheDocument();
    // The rest of the query from the position on is marked.
    expect(screen.getByText(') & @work', { selector: 'mark' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the error' }));
    expect(query).toHaveFocus();
    expect((query as HTMLInputElement).selectionStart).toBe(14);
  });

  it('points out names the user has no list or tag of, which match nothing', async () => {
    renderField('#Garden | @work | @waiting');
    expect(
      await screen.findByText('Nothing is named #Garden, @waiting yet: they match no todo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Query' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });
});
