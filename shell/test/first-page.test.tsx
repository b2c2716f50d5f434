import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore, setRuntimeConfig } from '@matka/shared';
import { prefetchRouteData, SHELL_PAGES } from '../src/App';
import { PAGE_CODE, preloadRoute } from '../src/pages/loaders';
import { mockFetch } from './helpers';

describe('the first page', () => {
  beforeEach(() => {
    localStorage.clear();
    setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'KEY-1' });
  });

  it('renders with no loading frame once its code was preloaded (React holds a frame back 300 ms)', async () => {
    mockFetch(() => ({ status: true, msg: 'ok' }));
    await preloadRoute('/About/');
    expect(PAGE_CODE['/about'].loaded).toBeDefined();
    const About = SHELL_PAGES['/about'];
    render(
      <MemoryRouter initialEntries={['/about']}>
        <Suspense fallback={<p>frame</p>}>
          <About />
        </Suspense>
      </MemoryRouter>,
    );
    // Synchronously: the page, never the fallback.
    expect(screen.queryByText('frame')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
  });

  it('a path that is not a shell page preloads nothing and settles', async () => {
    await expect(preloadRoute('/nowhere')).resolves.toBeUndefined();
    await expect(preloadRoute('/game')).resolves.toBeUndefined();
  });

  it('How To Play asks for its content as soon as the store exists, once, and the page uses that answer', async () => {
    const api = mockFetch((call) =>
      call === 'api-how-to-play'
        ? { status: true, content: [{ how_to_play_content: '<p>Pick a market first.</p>' }] }
        : { status: true },
    );
    const store = createAppStore();
    prefetchRouteData('/htp', store);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(api.calls.map((c) => c.call)).toEqual(['api-how-to-play']);
    prefetchRouteData('/login', store); // no data of its own
    expect(api.calls).toHaveLength(1);
  });
});
