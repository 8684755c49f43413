// A route's error boundary (decision 0061): a page that throws shows the error screen, a chunk
// that did not load shows the retry screen, and another route is shown normally again.
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../routes/chunk.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

let go: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

function app(error: unknown) {
  return (
    <MemoryRouter initialEntries={['/broken']}>
      <Navigator />
      <Routes>
        <Route
          path="/broken"
          element={
            <RouteErrorBoundary path="/broken">
              <Throws error={error} />
            </RouteErrorBoundary>
          }
        />
        <Route
          path="/fine"
          element={
            <RouteErrorBoundary path="/fine">
              <p>正常页面</p>
            </RouteErrorBoundary>
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the error screen for a page that threw, then the next route as it is', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(app(new Error('boom')));
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();

    act(() => go('/fine'));
    expect(screen.queryByText('页面出错了')).toBeNull();
    expect(screen.getByText('正常页面')).toBeTruthy();
  });

  it('offers a reload when the page chunk did not load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(app(new ChunkLoadError('offline')));
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText('网络不给力，请检查网络后重新加载')).toBeTruthy();
  });
});
