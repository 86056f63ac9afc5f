import { Component, type ErrorInfo, type ReactNode } from 'react';
import { remoteManifest } from './federation';
import { reportRemoteFailed } from './health';
import { isStaleChunkError, reloadIfStale } from './stale-chunk';

interface Props {
  /** The remote's name: the scope of the stale-chunk reload guard. */
  scope: string;
  /** Shown instead of the children after a failure (a function gets the error). */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  children?: ReactNode;
}

interface State {
  failed: boolean;
  error?: unknown;
}

/**
 * Keeps a failing remote inside its own pane. A stale chunk (the remote was redeployed while
 * this page was open) reloads the page once; any other failure, and a chunk that failed for
 * want of a network, shows the fallback.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote "${this.props.scope}" failed`, error, info.componentStack);
    if (isStaleChunkError(error)) void reloadIfStale(this.props.scope);
    // A failure of the remote's own code (its loading failures were reported by the loader).
    else reportRemoteFailed(this.props.scope, remoteManifest(this.props.scope), 'render', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}
