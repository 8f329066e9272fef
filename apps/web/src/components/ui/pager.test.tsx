import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@/testing/render.tsx';
import { Pager, pageWindow } from './pager.tsx';

describe('pageWindow', () => {
  it('gives the page count, at least one, and the first and last rows of the page', () => {
    expect(pageWindow(1, 20, 0)).toEqual({ pages: 1, first: 0, last: 0 });
    expect(pageWindow(1, 20, 57)).toEqual({ pages: 3, first: 1, last: 20 });
    expect(pageWindow(3, 20, 57)).toEqual({ pages: 3, first: 41, last: 57 });
    expect(pageWindow(2, 20, 40)).toEqual({ pages: 2, first: 21, last: 40 });
  });
});

describe('Pager', () => {
  it("says where the page stands in the list's own words, with the reader's number format", () => {
    render(<Pager summaryKey="workers.range" page={2} perPage={1000} total={12345} onPage={() => {}} />);
    expect(screen.getByText('1,001–2,000 of 12,345')).toBeVisible();
    expect(screen.getByText('Page 2 of 13')).toBeVisible();
  });

  it('gives the total alone to a summary that counts', () => {
    render(<Pager summaryKey="promocodes.count" page={1} perPage={20} total={1500} onPage={() => {}} />);
    expect(screen.getByText('1,500 codes')).toBeVisible();
  });

  it('is not there while the list has no total yet', () => {
    render(<Pager summaryKey="workers.range" page={1} perPage={20} total={undefined} onPage={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('turns to the previous and next page, and neither past the ends', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager summaryKey="workers.range" page={1} perPage={20} total={45} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager summaryKey="workers.range" page={3} perPage={20} total={45} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});
