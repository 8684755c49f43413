import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getUiFlags, setUiFlag, useUiFlag } from './uiFlags.ts';

afterEach(() => {
  cleanup();
  setUiFlag('headerMenu', false);
  setUiFlag('shareMenu', false);
  setUiFlag('imageValidate', false);
});

describe('shared UI flags', () => {
  it('start off and are shared between modules and components', () => {
    expect(getUiFlags()).toEqual({ headerMenu: false, shareMenu: false, imageValidate: false });
    function Menu() {
      return <span>{useUiFlag('headerMenu') ? 'open' : 'closed'}</span>;
    }
    render(<Menu />);
    expect(screen.getByText('closed')).toBeTruthy();
    act(() => setUiFlag('headerMenu', true));
    expect(screen.getByText('open')).toBeTruthy();
    expect(getUiFlags()).toEqual({ headerMenu: true, shareMenu: false, imageValidate: false });
  });
});
