// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './after-first-paint';

afterEach(cleanup);

describe('useAfterFirstPaint', () => {
  it('commits the frame without the heavy part, then renders the heavy part in a later commit', async () => {
    const commits: string[] = [];
    function Page() {
      const after = useAfterFirstPaint();
      useLayoutEffect(() => {
        commits.push(document.body.textContent ?? '');
      });
      return (
        <div>
          <h2>Title</h2>
          {after ? <table><tbody><tr><td>row</td></tr></tbody></table> : null}
        </div>
      );
    }
    await act(async () => {
      render(<Page />);
    });
    expect(commits[0]).toBe('Title');
    expect(commits.at(-1)).toBe('Titlerow');
    expect(screen.getByText('row')).toBeTruthy();
  });
});
