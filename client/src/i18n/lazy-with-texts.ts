import { type ComponentType, lazy } from 'react';
import type { Area } from './areas';
import { loadTexts } from '.';

/**
 * A lazily loaded component that renders only once its areas' texts are there in the language shown
 * (decision 0024): its chunk and its texts load side by side. The areas are every area the component and
 * what it imports use; messages.test.ts fails when one is missing.
 */
export function lazyWithTexts<P extends object>(
  areas: readonly Area[],
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadTexts(areas)]);
    return module;
  });
}
