/** `/500`. */
import { ErrorResultPage } from './error-result-page';

/** The 500 page. */
export default function ServerErrorPage() {
  return <ErrorResultPage kind="serverError" />;
}
