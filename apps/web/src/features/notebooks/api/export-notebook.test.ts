import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../lib/api-error.ts';

// The API client runs in node here: its timers are the window's, its answers a stubbed fetch.
vi.stubGlobal('window', globalThis);
const saved = vi.fn<(blob: Blob, name: string) => void>();
vi.mock('../../../lib/download.ts', () => ({ saveFile: (blob: Blob, name: string) => saved(blob, name) }));
const shown = vi.fn<(text: string) => void>();
vi.mock('../../../lib/notify.ts', () => ({ notify: { error: (text: string) => shown(text) } }));

const { registerNavigator } = await import('../../../lib/navigation.ts');
const { exportFailureMessage, exportNotebook } = await import('./public.ts');

/** The `.ipynb` as the server writes it (JSON.stringify with an indent of 1). */
const ipynb = JSON.stringify(
  {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { title: '最小二乘' },
    cells: [{ cell_type: 'markdown', source: '# x' }],
  },
  null,
  1,
);
const envelope = (status: number, message: string) =>
  new Response(JSON.stringify({ status, message, result: null }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

const fetched = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const navigated = vi.fn<(to: string) => Promise<void>>(() => Promise.resolve());

/** What exportNotebook throws (it must throw). */
async function refusal(): Promise<unknown> {
  return exportNotebook(7, '最小二乘').then(
    () => {
      throw new Error('the export was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('exporting a notebook from the editor', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetched);
    registerNavigator(navigated);
  });
  afterEach(() => {
    fetched.mockReset();
    saved.mockReset();
    shown.mockReset();
    navigated.mockClear();
  });

  it("downloads the server's bytes under the server's file name, not as an API envelope", async () => {
    fetched.mockResolvedValueOnce(
      new Response(ipynb, {
        headers: {
          'content-type': 'application/x-ipynb+json; charset=utf-8',
          'content-disposition': `attachment; filename="____.ipynb"; filename*=UTF-8''${encodeURIComponent('最小二乘.ipynb')}`,
        },
      }),
    );
    await exportNotebook(7, 'a title the editor has not saved');
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(fetched.mock.calls[0]?.[0]).toBe('/api/notebook/export/7');
    expect(saved).toHaveBeenCalledTimes(1);
    const [blob, name] = saved.mock.calls[0] ?? [];
    expect(name).toBe('最小二乘.ipynb');
    expect(await blob?.text()).toBe(ipynb);
    expect(shown).not.toHaveBeenCalled();
  });

  it('names the file after the title when the server gives no name', async () => {
    fetched.mockResolvedValueOnce(new Response(ipynb, { headers: { 'content-type': 'application/x-ipynb+json' } }));
    await exportNotebook(7, 'a/b: c');
    expect(saved.mock.calls[0]?.[1]).toBe('a_b_ c.ipynb');
  });

  it('a notebook the caller may not read (304) is explained where the user is, without leaving the editor', async () => {
    fetched.mockResolvedValueOnce(envelope(304, 'You do not have access to this'));
    const error = await refusal();
    expect(isApiError(error) && error.status).toBe(304);
    expect(exportFailureMessage(error)).toEqual({ key: 'notebooks.export.refused' });
    expect(navigated).not.toHaveBeenCalled();
    expect(saved).not.toHaveBeenCalled();
    // The editor tells the user (exportFailureMessage), not the API client.
    expect(shown).not.toHaveBeenCalled();
  });

  it("a notebook that no longer exists says so, by the server's envelope or its HTTP status", async () => {
    fetched.mockResolvedValueOnce(envelope(404, 'The notebook does not exist'));
    expect(exportFailureMessage(await refusal())).toEqual({ key: 'notebooks.export.notFound' });
    fetched.mockResolvedValueOnce(new Response('Not Found', { status: 404 }));
    expect(exportFailureMessage(await refusal())).toEqual({ key: 'notebooks.export.notFound' });
    expect(saved).not.toHaveBeenCalled();
  });

  it("any other failure gives the server's reason or its HTTP status", async () => {
    fetched.mockResolvedValueOnce(envelope(429, 'Too many requests, try again later'));
    expect(exportFailureMessage(await refusal())).toEqual({
      key: 'notebooks.export.failed',
      values: { reason: 'Too many requests, try again later' },
    });
    fetched.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    const failure = exportFailureMessage(await refusal());
    expect(failure?.key).toBe('notebooks.export.failed');
    expect(failure?.values?.reason).toContain('502');
    fetched.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const lost = await refusal();
    expect(isApiError(lost) && lost.kind).toBe('network');
    expect(exportFailureMessage(lost)?.key).toBe('notebooks.export.failed');
    expect(saved).not.toHaveBeenCalled();
  });

  it('an answer that is a success envelope instead of a file is an error, never an empty download', async () => {
    fetched.mockResolvedValueOnce(envelope(200, 'ok'));
    const error = await refusal();
    expect(isApiError(error) && error.kind).toBe('parse');
    expect(saved).not.toHaveBeenCalled();
  });
});
