/** `/404`. */
import { ErrorResultPage } from './error-result-page';

/** The 404 page. */
export default function NotFoundPage() {
  return <ErrorResultPage kind="notFound" />;
}
