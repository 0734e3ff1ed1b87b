import { DEFAULT_SETTINGS } from '@daywise/shared';
import { EXPORT_ITEMS_HEADER, MESSAGES } from '@daywise/shared';
import { exportsApi, settingsApi } from '@daywise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { YourDataSection } from './your-data';

/** A streamed answer whose chunks the test sends one at a time. */
function controlledStream(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const csvHeaders = (items: number) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': 'attachment; filename="daywise-todos-2026-11-21.csv"',
  [EXPORT_ITEMS_HEADER]: String(items),
});

describe('YourDataSection', () => {
  const saved: { name: string; text: Promise<string> }[] = [];

  beforeEach(() => {
    saved.length = 0;
    let last: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          last = blob;
          return 'blob:export';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({
        name: this.download,
        text: (last ?? new Blob())
          .arrayBuffer()
          // The bytes as sent, byte-order mark included.
          .then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)),
      });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  function render() {
    const user = userEvent.setup();
    renderWithProviders(
      <YourDataSection timezone="Europe/Paris" importAction={<p>Import goes here</p>} />,
      {
        session: { id: 'user-1', name: 'Ada', email: 'ada@example.com', createdAt: '' },
      },
    );
    return user;
  }

  it('shows the progress of a streaming export, then saves the file it received', async () => {
    const stream = controlledStream(csvHeaders(3));
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(exportsApi.todos, () => stream.response);
    const user = render();
    const section = screen.getByRole('region', { name: 'Your data' });
    expect(within(section).getByText('Import goes here')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Export todos CSV' }));
    expect(await screen.findByText(MESSAGES.exportStarting)).toBeInTheDocument();
    // Every export button waits while one runs.
    expect(within(section).getByRole('button', { name: 'Export JSON' })).toBeDisabled();

    stream.send('\uFEFFID,Title\r\n1,"a, b"\r\n');
    expect(await screen.findByText('Exporting… 2 of 3 items')).toBeInTheDocument();
    stream.send('2,c\r\n3,d\r\n');
    expect(await screen.findByText('Exporting… 3 of 3 items')).toBeInTheDocument();
    stream.end();

    expect(
      await screen.findByText(MESSAGES.exportSaved('daywise-todos-2026-11-21.csv')),
    ).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['daywise-todos-2026-11-21.csv']);
    expect(await saved[0]!.text).toBe('\uFEFFID,Title\r\n1,"a, b"\r\n2,c\r\n3,d\r\n');
    expect(api.callsTo('GET', exportsApi.todos.path)).toHaveLength(1);
    expect(within(section).getByRole('button', { name: 'Export JSON' })).toBeEnabled();
  });

  it('says a cut-short download failed, and Try Again downloads it again', async () => {
    const broken = controlledStream(csvHeaders(3));
    let attempts = 0;
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(exportsApi.archive, () => {
        attempts += 1;
        if (attempts === 1) {
          return broken.response;
        }
        return new Response('{"format":"daywise-archive"}\n', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="daywise-archive-2026-11-21.json"',
          },
        });
      });
    const user = render();
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    broken.send('{"format":"daywise-archive"\n');
    broken.fail();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.exportFailed);
    expect(saved).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByText(MESSAGES.exportSaved('daywise-archive-2026-11-21.json')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("shows the server's message when it refuses an export", async () => {
    fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(exportsApi.planTasks, () =>
        errorResponse(
          429,
          'RATE_LIMITED',
          'Too many requests. Please wait a moment and try again.',
        ),
      );
    const user = render();
    await user.click(screen.getByRole('button', { name: 'Export plan tasks CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it("starts the report at the last 30 days in the user's time zone", () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T23:30:00.000Z'), toFake: ['Date'] });
    render();
    vi.useRealTimers();
    // 00:30 on 22 November in Paris.
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-24');
  });

  it('exports the PDF for the chosen range from the keyboard, and refuses a reversed range', async () => {
    const api = fakeApi()
      .on(settingsApi.get, DEFAULT_SETTINGS)
      .on(
        exportsApi.report,
        () =>
          new Response('%PDF-1.7 report', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition':
                'attachment; filename="daywise-report-2026-11-01-to-2026-11-15.pdf"',
            },
          }),
      );
    const user = render();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    const exportPdf = screen.getByRole('button', { name: 'Export PDF' });

    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    expect(screen.getByText(MESSAGES.exportRangeInvalid)).toBeInTheDocument();
    expect(exportPdf).toBeDisabled();

    await user.clear(to);
    await user.type(to, '2026-11-15');
    expect(screen.queryByText(MESSAGES.exportRangeInvalid)).not.toBeInTheDocument();
    exportPdf.focus();
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText(MESSAGES.exportSaved('daywise-report-2026-11-01-to-2026-11-15.pdf')),
    ).toBeInTheDocument();
    const [call] = api.callsTo('GET', exportsApi.report.path);
    expect(call?.query.get('from')).toBe('2026-11-01');
    expect(call?.query.get('to')).toBe('2026-11-15');
    await waitFor(() => expect(saved).toHaveLength(1));
  });
});
