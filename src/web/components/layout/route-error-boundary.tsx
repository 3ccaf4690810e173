import { Component, type ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/**
 * A page's code that could not be downloaded: after a deploy, a tab opened before it asks for chunks that are gone
 * (each browser words the failed dynamic import its own way; Vite's CSS preload says "Unable to preload CSS").
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message)
  );
}

/** What shows in place of a page that failed: in the site's layout, so the header and footer still work. */
export function RouteErrorMessage({ error }: { error: unknown }) {
  usePageTitle('Something went wrong');
  return (
    <div className="container page-narrow" role="alert">
      <h1 className="h2">Something went wrong</h1>
      <p className="lead">
        {isChunkLoadError(error)
          ? 'This page could not be shown: the site has been updated since you opened it. Reloading the page fixes this.'
          : 'This page could not be shown. Reloading the page may help; if it doesn’t, please try again later.'}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

interface Props {
  /** The page's address: a change of it (the visitor goes to another page) clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  key: string;
  failed: boolean;
  error: unknown;
}

/**
 * Catches what a page throws while loading (its lazily loaded code) or rendering, so a failed page shows a message
 * and a way out rather than an empty page. The layout wraps every route's page in one, keyed by the address.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { key: this.props.resetKey, failed: false, error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: false, error: null };
  }

  override render() {
    return this.state.failed ? <RouteErrorMessage error={this.state.error} /> : this.props.children;
  }
}
