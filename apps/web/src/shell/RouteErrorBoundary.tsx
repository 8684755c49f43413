import { Component, type ReactNode } from 'react';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

interface Props {
  /** The route the boundary serves: a failure is forgotten once another route is shown. */
  path: string;
  children: ReactNode;
}

interface State {
  path: string;
  failed: boolean;
  error: unknown;
}

/**
 * A route's error boundary: a chunk that did not load or a page that threw shows the error
 * screen instead of a blank app. The declarative router has no `errorElement` (the data router
 * that had it costs about 16 kB gzip on every first visit, decision 0061), so each route
 * carries this one.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { path: this.props.path, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // React keeps this instance when the router swaps one route's element for another's.
    return props.path === state.path ? null : { path: props.path, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
