import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSearchState } from './use-search-state.ts';

afterEach(cleanup);

const parse = (search: URLSearchParams) => search.getAll('tag');
const format = (tags: string[]) => new URLSearchParams(tags.map((tag) => ['tag', tag]));

function Tags() {
  const [tags, change] = useSearchState(parse, format);
  const toggle = (tag: string) => change(tags.includes(tag) ? tags.filter((item) => item !== tag) : [...tags, tag]);
  return (
    <>
      {['a', 'b', 'c'].map((tag) => (
        <button key={tag} type="button" aria-pressed={tags.includes(tag)} onClick={() => toggle(tag)}>
          {tag}
        </button>
      ))}
    </>
  );
}

/** A route whose loader answers only when the test lets it, as the app's entry loaders take a while. */
function slowRoute() {
  const waiting: (() => void)[] = [];
  const router = createMemoryRouter(
    [{ path: '/', element: <Tags />, loader: () => new Promise<null>((resolve) => waiting.push(() => resolve(null))) }],
    { initialEntries: ['/'], hydrationData: { loaderData: { 0: null } } },
  );
  render(<RouterProvider router={router} />);
  const answerAll = () => waiting.splice(0).forEach((answer) => answer());
  return { router, answerAll };
}

describe('useSearchState', () => {
  it('keeps both of two clicks made before the router moved the address, and the address gets both', async () => {
    const user = userEvent.setup();
    const { router, answerAll } = slowRoute();
    await user.click(screen.getByRole('button', { name: 'a' }));
    await user.click(screen.getByRole('button', { name: 'b' }));
    expect(screen.getByRole('button', { name: 'a' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'b' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('');

    answerAll();
    await waitFor(() => expect(router.state.location.search).toBe('?tag=a&tag=b'));
    answerAll();
    expect(screen.getByRole('button', { name: 'a' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('follows the address once it moves elsewhere, as a link or the back button moves it', async () => {
    const user = userEvent.setup();
    const { router, answerAll } = slowRoute();
    await user.click(screen.getByRole('button', { name: 'a' }));
    answerAll();
    await waitFor(() => expect(router.state.location.search).toBe('?tag=a'));

    void router.navigate('/?tag=c');
    await waitFor(() => {
      answerAll();
      expect(router.state.location.search).toBe('?tag=c');
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'c' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'a' })).toHaveAttribute('aria-pressed', 'false');
  });
});
