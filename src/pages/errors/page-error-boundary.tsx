/** Spec §8: page errors go to /500. */
import { Component, type ReactNode } from 'react';
import { Navigate } from 'react-router';

interface State {
  failed: boolean;
}

/** Catches render errors below it and redirects to /500. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page error', error);
  }

  override render() {
    return this.state.failed ? <Navigate to="/500" replace /> : this.props.children;
  }
}
