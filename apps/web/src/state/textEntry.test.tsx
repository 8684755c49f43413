import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isTextEntry, useTextEntryFocused } from './textEntry.ts';

afterEach(cleanup);

describe('typing into a text field', () => {
  it('is told apart from buttons, checkboxes and read-only fields', () => {
    const make = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild;
    };
    expect(isTextEntry(make('<input type="tel">'))).toBe(true);
    expect(isTextEntry(make('<input>'))).toBe(true);
    expect(isTextEntry(make('<textarea></textarea>'))).toBe(true);
    expect(isTextEntry(make('<input type="checkbox">'))).toBe(false);
    expect(isTextEntry(make('<input type="submit">'))).toBe(false);
    expect(isTextEntry(make('<textarea readonly></textarea>'))).toBe(false);
    expect(isTextEntry(make('<button>提交</button>'))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });

  it('is followed as the focus moves', () => {
    function Form() {
      const typing = useTextEntryFocused();
      return (
        <div>
          <textarea aria-label="想说的话" />
          <button>生成明信片</button>
          <span>{typing ? '输入中' : '未输入'}</span>
        </div>
      );
    }
    render(<Form />);
    expect(screen.getByText('未输入')).toBeTruthy();
    act(() => screen.getByLabelText('想说的话').focus());
    expect(screen.getByText('输入中')).toBeTruthy();
    act(() => screen.getByRole('button').focus());
    expect(screen.getByText('未输入')).toBeTruthy();
  });
});
