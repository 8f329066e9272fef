import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';
import { screenPages } from './screen-pages.ts';

function screensOf(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => [...(route.lazy ? [route] : []), ...screensOf(route.children ?? [])]);
}

describe("the screens' pages", () => {
  const screens = screensOf(routes);

  it('has a route for every path of the table, and no screen outside it', () => {
    expect(screens.map((route) => route.path).sort()).toEqual(Object.keys(screenPages).sort());
  });

  it.each(screens.map((route) => [route.path, route] as const))(
    'loads the component that draws %s',
    async (_path, route) => {
      const lazy = route.lazy as () => Promise<{ Component: unknown }>;
      const { Component } = await lazy();
      expect(Component).toBeTypeOf('function');
    },
  );
});
