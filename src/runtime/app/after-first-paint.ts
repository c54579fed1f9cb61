/**
 * A page's frame first, its heavy parts a moment later (issue 23). A screen's first commit holds
 * everything it renders: on a generated list the shell, the card and its title, but also the filter
 * controls, the table (rc-table measures its columns in that commit and renders again at once) and
 * the side menu's items. The title, the page's largest text and so its Largest Contentful Paint,
 * then paints only after all of that. With `useAfterFirstPaint()` the heavy part renders on the
 * next pass instead: false on the first render, true after that render has committed, set in a
 * transition so that React renders the rest in slices while the browser paints the frame.
 */
import { startTransition, useEffect, useState } from 'react';

/** False on the first render; true from the render that follows its commit. */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
