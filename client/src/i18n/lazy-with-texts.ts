import { type ComponentType, createElement, lazy, useState } from 'react';
import type { Area } from './areas';
import { loadTexts } from '.';

/** A screen loaded on first use; `preload` fetches it beforehand, after which it renders without suspending. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A lazily loaded component that renders only once its areas' texts are there in the language shown
 * (decision 0024): its chunk and its texts load side by side. The areas are every area the component and
 * what it imports use; messages.test.ts fails when one is missing.
 *
 * Once loaded (by `preload`, or by an earlier visit) it renders at once instead of through React.lazy:
 * a lazy component suspends at least once even when its module is there, and a page the server sent as
 * HTML must hydrate without a Suspense fallback taking its place (decision 0512). Each mounted instance
 * keeps the form it started with, so a screen is never remounted because its module arrived meanwhile.
 */
export function lazyWithTexts<P extends object>(
  areas: readonly Area[],
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= Promise.all([load(), loadTexts(areas)]).then(([module]) => {
      loaded = module.default;
      return module;
    });
    // A chunk that failed to arrive (a lost connection) is asked for again next time.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const Lazy = lazy(loadOnce);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, as React.lazy is
  function Screen(props: P) {
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Shown, props);
  }
  return Object.assign(Screen, {
    preload: async () => {
      await loadOnce();
    },
  });
}
