/**
 * The picture preview as list cells and the detection cell use it: a lazy chunk (antd Image and
 * its preview group, ~10 KB gzip), loaded when a list shows a picture column (issue 23). Until
 * then an empty box of the thumbnail's size stands in.
 */
import { Suspense } from 'react';
import { lazyPage } from '../../app/lazy-page';
import type { ImagePreviewProps } from './image-preview-widget';

const Preview = lazyPage<ImagePreviewProps>(async () => ({ default: (await import('./image-preview-widget')).ImagePreview }));

/** ImagePreview, loaded on first use. */
export function LazyImagePreview(props: ImagePreviewProps) {
  const size = props.size ?? 48;
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: size, height: size }} />}>
      <Preview {...props} />
    </Suspense>
  );
}
