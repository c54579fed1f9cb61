/** Spec §2: /trackrobot redirects to /trackrobot/control. */
import { Navigate } from 'react-router';

export default function TrackRedirect() {
  return <Navigate to="/trackrobot/control" replace />;
}
